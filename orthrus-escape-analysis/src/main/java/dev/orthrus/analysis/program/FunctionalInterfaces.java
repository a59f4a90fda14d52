package dev.orthrus.analysis.program;

import java.util.Set;
import soot.RefType;
import soot.Type;

/**
 * The JDK interfaces whose instances the analysis treats as functional objects (run by whoever
 * holds them).
 */
public final class FunctionalInterfaces {

  private static final Set<String> OUTSIDE_FUNCTION_PACKAGE =
      Set.of(
          "java.lang.Runnable",
          "java.util.concurrent.Callable",
          "java.util.Comparator",
          "java.util.stream.Collector");

  private static final String FUNCTION_PACKAGE = "java.util.function.";

  private FunctionalInterfaces() {}

  /** True for a JDK functional interface or {@code Collector}, by binary name. */
  public static boolean isJdk(String className) {
    return OUTSIDE_FUNCTION_PACKAGE.contains(className)
        || className.startsWith(FUNCTION_PACKAGE)
            && className.indexOf('.', FUNCTION_PACKAGE.length()) < 0;
  }

  /** True for a JDK functional interface or {@code Collector} type. */
  public static boolean isJdk(Type t) {
    return t instanceof RefType r && isJdk(r.getClassName());
  }
}
