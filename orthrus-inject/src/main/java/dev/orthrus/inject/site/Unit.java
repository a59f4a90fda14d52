package dev.orthrus.inject.site;

/** The part of a core whose fault a site emulates (issue 12, after the paper's REFINE units). */
public enum Unit {
  /** Integer add, subtract, multiply, divide, remainder, shifts, logic, compares and branches. */
  INT,
  /**
   * Float and double arithmetic, conversions, and the results of {@code Math}/{@code StrictMath}.
   */
  FP,
  /** Results of the JDK's intrinsic bulk operations (array copies, compares, hashes, CRCs). */
  VECTOR,
  /** A load of user data: a field of a version or a slot of a versioned array. */
  CACHE;

  /** The name commands and reports use ({@code int}, {@code fp}, ...). */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
