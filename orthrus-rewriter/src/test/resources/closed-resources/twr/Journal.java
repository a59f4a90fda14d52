package twr;

import dev.orthrus.annotations.UserData;
import java.io.Closeable;
import java.io.IOException;

/** A user-data resource whose close() declares a checked exception. */
@UserData
public class Journal implements Closeable {
  final boolean failsToClose;
  int lines;
  int closes;

  public Journal(boolean failsToClose) {
    this.failsToClose = failsToClose;
  }

  @Override
  public void close() throws IOException {
    closes = closes + 1;
    if (failsToClose) {
      throw new IOException("journal of " + lines + " lines");
    }
  }
}
