package shop.app;

import dev.orthrus.annotations.Closure;
import shop.lib.Account;

/** Writes a public field of the other module's user data, which that module's handle cannot. */
public final class Writer {
  private Writer() {}

  @Closure
  public static int retag(Account a) {
    a.tag += 2;
    return a.tag;
  }
}
