package dev.orthrus.analysis.facts;

import soot.SootMethodRef;
import soot.jimple.InvokeExpr;

/**
 * Calls whose result differs between APP and VAL (must be recorded and replayed) or whose side
 * effect must not happen inside a closure (errors), and thread starts.
 */
public final class NondeterminismRules {

  /** A category ({@code clock}, {@code random}, ...) and how it is handled. */
  public record Finding(String category, String handling) {}

  public static final String RECORDED = "recorded";
  public static final String ERROR = "error";

  private NondeterminismRules() {}

  /** The finding for a call, or null when the call is deterministic as far as we know. */
  public static Finding of(InvokeExpr call) {
    SootMethodRef ref = call.getMethodRef();
    String owner = ref.getDeclaringClass().getName();
    String name = ref.getName();
    if (owner.equals("java.lang.System") && (name.equals("nanoTime") || name.equals("currentTimeMillis"))) {
      return new Finding("clock", RECORDED);
    }
    if ((owner.startsWith("java.time.") && name.equals("now")) || owner.equals("java.time.Clock")) {
      return new Finding("clock", RECORDED);
    }
    if (owner.equals("java.lang.Math") && name.equals("random")
        || owner.equals("java.util.Random") && !name.equals("<init>")
        || owner.equals("java.util.concurrent.ThreadLocalRandom")
        || owner.equals("java.security.SecureRandom") && !name.equals("<init>")
        || owner.equals("java.util.UUID") && name.equals("randomUUID")) {
      return new Finding("random", RECORDED);
    }
    if (owner.equals("java.lang.System") && name.equals("identityHashCode")) {
      return new Finding("identity-hash", RECORDED);
    }
    if (owner.equals("java.lang.Object") && name.equals("hashCode")) {
      // Object.hashCode named directly (super.hashCode() or a receiver typed Object).
      return new Finding("identity-hash", RECORDED);
    }
    if ((owner.equals("java.util.HashMap") || owner.equals("java.util.HashSet"))
        && (name.equals("iterator") || name.equals("keySet") || name.equals("values")
            || name.equals("entrySet") || name.equals("forEach"))) {
      return new Finding("hash-order", RECORDED);
    }
    if (owner.startsWith("java.io.") || owner.startsWith("java.nio.file.")
        || owner.startsWith("java.nio.channels.") || owner.startsWith("java.net.")) {
      return name.equals("<init>") && owner.startsWith("java.io.ByteArray") ? null : new Finding("io", ERROR);
    }
    if (owner.startsWith("java.util.concurrent.locks.") && (name.startsWith("lock") || name.startsWith("tryLock"))
        || owner.equals("java.lang.Object") && (name.equals("wait") || name.startsWith("notify"))) {
      return new Finding("lock", ERROR);
    }
    if (owner.equals("java.lang.System") && (name.equals("getenv") || name.equals("getProperty"))) {
      return new Finding("environment", RECORDED);
    }
    return null;
  }

  /** True when the call starts a thread or hands work to another thread. */
  public static boolean startsThread(InvokeExpr call) {
    SootMethodRef ref = call.getMethodRef();
    String owner = ref.getDeclaringClass().getName();
    String name = ref.getName();
    if (name.equals("start") && ref.getParameterTypes().isEmpty() && isThread(ref.getDeclaringClass())) {
      return true;
    }
    if (owner.startsWith("java.util.concurrent.") && (name.equals("submit") || name.equals("execute")
        || name.equals("invokeAll") || name.equals("invokeAny") || name.equals("schedule")
        || name.endsWith("Async") || name.equals("fork"))) {
      return true;
    }
    if (name.equals("parallelStream") || name.equals("parallel") && owner.startsWith("java.util.stream.")
        || owner.equals("java.util.Arrays") && name.startsWith("parallel")
        || owner.equals("java.util.Timer") && name.startsWith("schedule")) {
      return true;
    }
    return owner.equals("java.lang.Thread") && (name.equals("startVirtualThread") || name.equals("ofPlatform")
        || name.equals("ofVirtual"));
  }

  private static boolean isThread(soot.SootClass c) {
    for (soot.SootClass at = c; at != null; at = at.hasSuperclass() ? at.getSuperclass() : null) {
      if (at.getName().equals("java.lang.Thread")) {
        return true;
      }
      if (at.isPhantom()) {
        return false;
      }
    }
    return false;
  }
}
