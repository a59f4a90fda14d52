package calls;

import dev.orthrus.annotations.UserData;
import libx.Tally;

@UserData
public final class Acc {
  long total;

  /** A library's counter map in user data: outside the versions, as a service's field is. */
  final Tally seen = new Tally();

  /** One a closure makes anew each time and counts in before it returns. */
  Tally fresh;

  /** The same of a class a subclass may extend. */
  libx.Meter meter;
}
