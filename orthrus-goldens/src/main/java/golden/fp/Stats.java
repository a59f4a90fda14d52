package golden.fp;

import dev.orthrus.annotations.UserData;

/** The running sums. */
@UserData
final class Stats {
  double sum;
  double sumOfSquares;
  long count;
}
