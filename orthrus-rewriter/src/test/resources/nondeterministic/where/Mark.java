package where;

import dev.orthrus.annotations.UserData;

/** User data without a hashCode of its own: it hashes by identity. */
@UserData
public final class Mark {
  long n;

  Mark(long n) {
    this.n = n;
  }
}
