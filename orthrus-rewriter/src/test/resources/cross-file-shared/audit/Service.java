package audit;

import dev.orthrus.annotations.Closure;

/**
 * Closures that change the application's shared objects through getters of other files: a
 * validator must not add to the list or advance the iterator a second time.
 */
public final class Service {
  @Closure
  public long charge(Account a, long amount) {
    Journal.lines().add("charge " + amount);
    Registry.seen().add("c");
    int id = Journal.ids().next();
    a.cents = a.cents + amount + id;
    return a.cents;
  }
}
