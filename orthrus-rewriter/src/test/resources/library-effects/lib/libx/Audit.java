package libx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A library's registry every caller adds to. */
public final class Audit {

  private static final List<String> LINES = Collections.synchronizedList(new ArrayList<>());

  private Audit() {}

  public static int log(String line) {
    LINES.add(line);
    return LINES.size();
  }

  public static void note(String line) {
    LINES.add(line);
  }

  public static int size() {
    return LINES.size();
  }
}
