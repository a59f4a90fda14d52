package msg;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A closure that keeps the message of an exception it caught in a multi-catch clause (from an
 * outside trial): compiled code throws {@code / by zero} without a message once it is frequent, so
 * APP and VAL may read different messages unless the read is recorded. No other closure of these
 * sources reads a message, so nothing else makes the call known to the rewriter.
 */
@UserData
public final class Box {
  String last = "";

  @Closure
  public int divide(int a, int b) {
    try {
      return a / b;
    } catch (ArithmeticException | IllegalStateException e) {
      last = e.getMessage();
      return -1;
    }
  }
}
