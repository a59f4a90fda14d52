package dev.orthrus.analysis.program;

import java.util.List;
import soot.SootMethod;
import soot.SootMethodRef;

/**
 * The methods one call site may run.
 *
 * @param ref the method the bytecode names
 * @param application application methods that may run (their bodies are analyzed)
 * @param library JDK or classpath code may run (the library model applies)
 * @param unknown the callee's class or method was not found: treated as may-escape
 */
public record CallTargets(
    SootMethodRef ref, List<SootMethod> application, boolean library, boolean unknown) {

  static CallTargets application(SootMethodRef ref, List<SootMethod> targets, boolean library) {
    return new CallTargets(ref, List.copyOf(targets), library, false);
  }

  static CallTargets library(SootMethodRef ref) {
    return new CallTargets(ref, List.of(), true, false);
  }

  static CallTargets unknown(SootMethodRef ref) {
    return new CallTargets(ref, List.of(), false, true);
  }
}
