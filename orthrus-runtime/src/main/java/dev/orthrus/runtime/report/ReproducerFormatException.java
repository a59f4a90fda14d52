package dev.orthrus.runtime.report;

/** A reproducer file that is not one, is of an unknown format version, or is damaged. */
public final class ReproducerFormatException extends Exception {

  private static final long serialVersionUID = 1L;

  public ReproducerFormatException(String message) {
    super(message);
  }

  public ReproducerFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
