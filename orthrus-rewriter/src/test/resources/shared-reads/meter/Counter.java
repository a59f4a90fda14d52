package meter;

import dev.orthrus.annotations.UserData;

/** The running total. */
@UserData
final class Counter {
  long total;
}
