package dev.orthrus.runtime.api;

/**
 * A version's fields no longer match the checksum taken when it was created: the data changed in
 * memory, or on its way through the control path, after the closure that produced it finished.
 */
public final class ChecksumMismatchException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String versionType;
  private final int expected;
  private final int actual;

  /** Set once the runtime reported this failure ({@link ClosureRuntime#corrupted}). */
  private transient boolean reported;

  public ChecksumMismatchException(Version version, int actual) {
    super(
        "checksum mismatch in a "
            + version.getClass().getName()
            + " of "
            + describe(version.owner())
            + ": sealed "
            + hex(version.checksum())
            + ", fields now give "
            + hex(actual));
    this.versionType = version.getClass().getName();
    this.expected = version.checksum();
    this.actual = actual;
  }

  /** Class of the corrupted version. */
  public String versionType() {
    return versionType;
  }

  /** The checksum the version was sealed with. */
  public int expected() {
    return expected;
  }

  /** The checksum of its fields when they were checked. */
  public int actual() {
    return actual;
  }

  /** True when no one reported this failure yet; it counts as reported from now on. */
  boolean claimReport() {
    boolean first = !reported;
    reported = true;
    return first;
  }

  public static String hex(int checksum) {
    return String.format("0x%08x", checksum);
  }

  private static String describe(Object owner) {
    // Not owner.toString(): user code, possibly reading the corrupted fields.
    return owner == null
        ? "(no owner)"
        : owner.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(owner));
  }
}
