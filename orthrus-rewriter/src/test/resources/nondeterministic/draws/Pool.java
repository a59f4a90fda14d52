package draws;

import dev.orthrus.annotations.UserData;

/** What the draws leave behind. */
@UserData
final class Pool {
  long total;
  int flips;
  String last = "";
}
