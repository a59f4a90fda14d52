package dev.orthrus.analysis.facts;

import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.jdk.JdkCategory;
import dev.orthrus.model.rules.Rule;
import soot.Body;
import soot.jimple.EnterMonitorStmt;
import soot.jimple.FieldRef;
import soot.jimple.Stmt;

/**
 * Which statements of a closure's methods are JDK facilities the JDK table classifies ({@link
 * JdkApis}): non-deterministic calls (recorded and replayed, or seeded), I/O (an error), locks,
 * math intrinsics, and calls that start threads. {@code synchronized} blocks are locks; reads of
 * {@code System.out/err/in} are I/O.
 */
public final class NondeterminismRules {

  /**
   * A category, how the runtime handles it as a non-deterministic call (the table entry's, null
   * when it is not one), and the target named in reports.
   */
  public record Finding(JdkCategory category, Handling handling, String target) {

    /** A finding the category alone describes ({@code synchronized}, {@code System.out}). */
    Finding(JdkCategory category, String target) {
      this(category, category.handling(), target);
    }

    /** True for calls that start threads or hand work to another thread (a violation). */
    public boolean startsThread() {
      return category.rule() == Rule.THREAD;
    }
  }

  private NondeterminismRules() {}

  /** The finding for a statement of {@code body}, or null when it is none of the above. */
  public static Finding of(Stmt s, Body body) {
    if (s instanceof EnterMonitorStmt) {
      return new Finding(JdkCategory.LOCK, "synchronized");
    }
    if (s.containsFieldRef() && !s.containsInvokeExpr()) {
      FieldRef f = s.getFieldRef();
      String owner = f.getFieldRef().declaringClass().getName();
      String name = f.getFieldRef().name();
      if (owner.equals("java.lang.System")
          && (name.equals("out") || name.equals("err") || name.equals("in"))) {
        return new Finding(JdkCategory.IO, "java.lang.System." + name);
      }
    }
    if (!s.containsInvokeExpr()) {
      return null;
    }
    JdkApi api = JdkApis.finding(BytecodeCalls.of(s.getInvokeExpr(), body));
    return api == null
        ? null
        : new Finding(
            api.category(),
            api.handling(),
            dev.orthrus.analysis.program.MethodIds.of(s.getInvokeExpr().getMethodRef()));
  }
}
