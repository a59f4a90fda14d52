package caught;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A rate limiter whose closure throws a checked exception that its caller adds context to. */
@UserData
public final class Limiter {
  long tokens = 10;
  long rejected;

  /** Refused: the caller appends what it knows to the message. */
  public static final class RejectedException extends Exception {
    private static final long serialVersionUID = 1L;
    private String context = "";

    RejectedException(String message) {
      super(message);
    }

    public RejectedException withContext(String more) {
      context = context + more;
      return this;
    }

    @Override
    public String getMessage() {
      return super.getMessage() + context;
    }
  }

  @Closure
  public long take(long n) throws RejectedException {
    if (tokens < n) {
      rejected = rejected + 1;
      throw new RejectedException("need " + n + ", have " + tokens);
    }
    tokens = tokens - n;
    return tokens;
  }

  @Closure
  public void refill(long n) {
    tokens = Math.min(100, tokens + n);
  }
}
