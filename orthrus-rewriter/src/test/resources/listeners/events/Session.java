package events;

import java.util.function.Supplier;

/** The current user of a thread, as a request filter sets it. */
public final class Session {
  private static final ThreadLocal<String> USER = ThreadLocal.withInitial(() -> "anonymous");

  private static final Supplier<String> CURRENT = Session::user;

  private Session() {}

  public static String user() {
    return USER.get();
  }

  static void logIn(String name) {
    USER.set(name);
  }

  /** A static getter of the supplier. */
  public static Supplier<String> current() {
    return CURRENT;
  }
}
