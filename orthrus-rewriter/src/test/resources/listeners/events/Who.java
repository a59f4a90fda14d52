package events;

import java.util.function.Supplier;

/** The current user as an enum constant implementing the JDK's supplier. */
public enum Who implements Supplier<String> {
  CURRENT {
    @Override
    public String get() {
      return Session.user();
    }
  }
}
