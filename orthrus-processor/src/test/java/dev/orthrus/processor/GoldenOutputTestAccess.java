package dev.orthrus.processor;

import com.google.testing.compile.Compilation;

/** Lets tests in other packages compile a golden suite. */
public final class GoldenOutputTestAccess {

  private GoldenOutputTestAccess() {}

  public static Compilation compileSuite(String suite) {
    return GoldenOutputTest.compileSuite(suite);
  }
}
