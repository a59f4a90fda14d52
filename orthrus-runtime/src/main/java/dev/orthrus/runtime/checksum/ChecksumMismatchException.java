package dev.orthrus.runtime.checksum;

/**
 * A version's fields no longer match the checksum taken when it was created: the data changed in
 * memory, or on its way through the control path, after the closure that produced it finished.
 */
public final class ChecksumMismatchException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public ChecksumMismatchException(String message) {
    super(message);
  }
}
