package dev.orthrus.runtime.api;

/**
 * Thrown inside a VAL execution the moment it stops following APP's execution (it loads an object
 * APP did not load, or more loads than APP made). An {@link Error} so that closure code catching
 * {@code Exception} cannot swallow it; no stack trace, since it is expected and only its message is
 * reported.
 */
public final class Divergence extends Error {

  private static final long serialVersionUID = 1L;

  private final MismatchKind kind;

  public Divergence(MismatchKind kind, String message) {
    super(message, null, false, false);
    this.kind = kind;
  }

  public MismatchKind kind() {
    return kind;
  }
}
