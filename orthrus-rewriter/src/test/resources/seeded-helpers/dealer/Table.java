package dealer;

import dev.orthrus.annotations.UserData;

/** What the deals leave behind. */
@UserData
final class Table {
  long total;
}
