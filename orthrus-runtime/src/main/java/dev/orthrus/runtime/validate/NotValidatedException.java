package dev.orthrus.runtime.validate;

/**
 * An execution that cannot be validated here, for a reason that says nothing about the core that
 * ran it: a stack or the heap ran out, or class initialization failed, on either side (an error of
 * the machine, not of the data), or the caller changed an argument or result it owns before the
 * validator got to it. Thrown by {@link Validator#check}; never a detection. The runtime counts
 * these executions as not validated.
 */
public final class NotValidatedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public NotValidatedException(String reason) {
    super(reason, null, false, false);
  }
}
