package audit;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;

/** The application's shared objects, which other files reach through static getters. */
public final class Journal {
  private static final List<String> LINES = new ArrayList<>();
  private static final Iterator<Integer> IDS = IntStream.range(0, 100_000).iterator();

  private Journal() {}

  public static List<String> lines() {
    return LINES;
  }

  public static Iterator<Integer> ids() {
    return IDS;
  }
}
