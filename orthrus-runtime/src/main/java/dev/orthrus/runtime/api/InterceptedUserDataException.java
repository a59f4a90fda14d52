package dev.orthrus.runtime.api;

/**
 * A user-data object whose generated methods do not run: a mock maker intercepts them (Mockito's
 * {@code mock(Item.class)}), so closures can neither read nor check its fields. An execution that
 * ends with it is not validated: VAL, which reads the logged versions instead, would not meet it
 * where APP did.
 */
public final class InterceptedUserDataException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  InterceptedUserDataException(String message) {
    super(message);
  }
}
