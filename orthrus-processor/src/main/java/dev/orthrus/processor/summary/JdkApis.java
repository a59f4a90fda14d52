package dev.orthrus.processor.summary;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * What Orthrus knows about JDK methods: which start threads, read clocks or randomness, do I/O,
 * take locks, or have JIT intrinsics. Instance methods are matched by the receiver's static type
 * (or the declaring type) being a subtype of the API type, so user subclasses are covered.
 */
final class JdkApis {

  /** How one call is classified; {@code category} names it in reports. */
  record Use(ApiUse.Kind kind, String category) {}

  private static final Set<String> MATH_INTRINSICS = Set.of(
      "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "expm1", "log", "log10", "log1p",
      "pow", "sinh", "cosh", "tanh", "cbrt", "hypot");

  private static final Set<String> EXECUTOR_METHODS = Set.of(
      "execute", "submit", "invokeAll", "invokeAny", "schedule", "scheduleAtFixedRate",
      "scheduleWithFixedDelay", "invoke");

  private static final Set<String> IN_MEMORY_IO = Set.of(
      "java.io.ByteArrayInputStream", "java.io.ByteArrayOutputStream", "java.io.StringReader",
      "java.io.StringWriter", "java.io.CharArrayReader", "java.io.CharArrayWriter");

  private static final Set<String> LOCK_TYPES = Set.of(
      "java.util.concurrent.locks.Lock", "java.util.concurrent.locks.ReadWriteLock",
      "java.util.concurrent.locks.StampedLock", "java.util.concurrent.locks.Condition",
      "java.util.concurrent.Semaphore");

  private final Elements elements;
  private final Types types;
  private final Map<String, TypeMirror> erasedTypes = new HashMap<>();

  JdkApis(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /**
   * Classifies a call.
   *
   * @param callee the resolved method or constructor
   * @param receiver the static type of the receiver expression, or the declaring type when implicit
   * @return the classification, or null for an ordinary call
   */
  Use classify(ExecutableElement callee, TypeMirror receiver) {
    TypeElement declaring = JavaNames.enclosingType(callee);
    String owner = declaring.getQualifiedName().toString();
    String name = callee.getSimpleName().toString();
    boolean isStatic = callee.getModifiers().contains(Modifier.STATIC);
    boolean constructor = name.equals("<init>");
    int arity = callee.getParameters().size();
    TypeMirror type = receiver != null && !isStatic ? receiver : declaring.asType();

    // Threads and asynchronous execution.
    if (!isStatic && name.equals("start") && isSubtype(type, "java.lang.Thread")) {
      return new Use(ApiUse.Kind.THREAD, "thread");
    }
    if (!isStatic && EXECUTOR_METHODS.contains(name)
        && (isSubtype(type, "java.util.concurrent.Executor") || isSubtype(type, "java.util.Timer"))) {
      return new Use(ApiUse.Kind.THREAD, "executor");
    }
    if (!isStatic && name.equals("fork") && isSubtype(type, "java.util.concurrent.ForkJoinTask")) {
      return new Use(ApiUse.Kind.THREAD, "executor");
    }
    if ((name.equals("parallelStream") && isSubtype(type, "java.util.Collection"))
        || (name.equals("parallel") && isSubtype(type, "java.util.stream.BaseStream"))
        || (name.equals("parallelSetAll") || name.equals("parallelSort") || name.equals("parallelPrefix"))
            && owner.equals("java.util.Arrays")) {
      return new Use(ApiUse.Kind.THREAD, "parallel-stream");
    }
    if (name.endsWith("Async") && isSubtype(type, "java.util.concurrent.CompletionStage")) {
      return new Use(ApiUse.Kind.THREAD, "async-future");
    }

    // I/O: side effects that belong in the control path.
    if (isIo(owner, name, type, isStatic)) {
      return new Use(ApiUse.Kind.IO, "io");
    }

    // Locks.
    if (!isStatic && !constructor && LOCK_TYPES.stream().anyMatch(t -> isSubtype(type, t))) {
      return new Use(ApiUse.Kind.LOCK, "lock");
    }
    if (!isStatic && owner.equals("java.lang.Object")
        && (name.equals("wait") || name.equals("notify") || name.equals("notifyAll"))) {
      return new Use(ApiUse.Kind.LOCK, "monitor");
    }

    // Clocks.
    if (owner.equals("java.lang.System") && (name.equals("currentTimeMillis") || name.equals("nanoTime"))) {
      return new Use(ApiUse.Kind.NONDETERMINISTIC, "clock");
    }
    if (isStatic && name.equals("now") && (owner.startsWith("java.time.") || owner.equals("java.time.Instant"))) {
      return new Use(ApiUse.Kind.NONDETERMINISTIC, "clock");
    }
    if (!isStatic && isSubtype(type, "java.time.Clock") && !constructor) {
      return new Use(ApiUse.Kind.NONDETERMINISTIC, "clock");
    }
    if (constructor && arity == 0 && owner.equals("java.util.Date")) {
      return new Use(ApiUse.Kind.NONDETERMINISTIC, "clock");
    }

    // Randomness.
    if (owner.equals("java.lang.Math") && name.equals("random")
        || owner.equals("java.util.UUID") && name.equals("randomUUID")
        || owner.equals("java.util.concurrent.ThreadLocalRandom") && name.equals("current")) {
      return new Use(ApiUse.Kind.NONDETERMINISTIC, "random");
    }
    if (constructor && (owner.equals("java.security.SecureRandom")
        || owner.equals("java.util.Random") && arity == 0
        || owner.equals("java.util.SplittableRandom") && arity == 0)) {
      return new Use(ApiUse.Kind.NONDETERMINISTIC, "random");
    }
    if (!isStatic && !constructor && name.startsWith("next")
        && (isSubtype(type, "java.util.Random") || isSubtype(type, "java.util.SplittableRandom"))) {
      return new Use(ApiUse.Kind.NONDETERMINISTIC, "random");
    }

    // Identity hash codes.
    if (owner.equals("java.lang.System") && name.equals("identityHashCode")) {
      return new Use(ApiUse.Kind.NONDETERMINISTIC, "identity-hash");
    }

    if (owner.equals("java.lang.Math") && MATH_INTRINSICS.contains(name)) {
      return new Use(ApiUse.Kind.MATH_INTRINSIC, "math-intrinsic");
    }
    return null;
  }

  private boolean isIo(String owner, String name, TypeMirror type, boolean isStatic) {
    if (owner.equals("java.nio.file.Files") || owner.startsWith("java.nio.channels.")
        || owner.startsWith("java.net.") && !owner.equals("java.net.URI")
            && !owner.equals("java.net.URLEncoder") && !owner.equals("java.net.URLDecoder")
        || owner.equals("java.lang.ProcessBuilder") || owner.equals("java.lang.Runtime")
        || owner.equals("java.util.logging.Logger") || owner.equals("java.lang.System.Logger")) {
      return true;
    }
    if (owner.equals("java.lang.System") && name.equals("console")) {
      return true;
    }
    if (!owner.startsWith("java.io.") || isStatic) {
      return false;
    }
    String receiverName = type.getKind() == TypeKind.DECLARED ? types.erasure(type).toString() : owner;
    if (IN_MEMORY_IO.contains(receiverName) || IN_MEMORY_IO.contains(owner)) {
      return false;
    }
    // Serializable, Closeable declarations and the like are not I/O by themselves.
    return isSubtype(type, "java.io.InputStream") || isSubtype(type, "java.io.OutputStream")
        || isSubtype(type, "java.io.Reader") || isSubtype(type, "java.io.Writer")
        || isSubtype(type, "java.io.File") || isSubtype(type, "java.io.RandomAccessFile")
        || isSubtype(type, "java.io.Console");
  }

  /** Static bulk operations that the JIT implements with vector instructions. */
  boolean isVector(ExecutableElement callee, TypeMirror receiver) {
    String owner = JavaNames.enclosingType(callee).getQualifiedName().toString();
    String name = callee.getSimpleName().toString();
    if (owner.equals("java.lang.System") && name.equals("arraycopy")) {
      return true;
    }
    if (owner.equals("java.util.Arrays") && !name.equals("asList") && !name.equals("stream")
        && !name.equals("toString") && !name.equals("deepToString")) {
      return true;
    }
    if (owner.startsWith("jdk.incubator.vector.")) {
      return true;
    }
    return name.equals("clone") && receiver != null && receiver.getKind() == TypeKind.ARRAY;
  }

  /** Calls whose arithmetic is floating point by definition. */
  boolean isFloatingPoint(ExecutableElement callee) {
    String owner = JavaNames.enclosingType(callee).getQualifiedName().toString();
    if (!owner.equals("java.lang.Math") && !owner.equals("java.lang.StrictMath")) {
      return false;
    }
    TypeKind result = callee.getReturnType().getKind();
    return result == TypeKind.DOUBLE || result == TypeKind.FLOAT
        || callee.getParameters().stream().anyMatch(p -> {
          TypeKind k = p.asType().getKind();
          return k == TypeKind.DOUBLE || k == TypeKind.FLOAT;
        });
  }

  boolean isSubtype(TypeMirror type, String apiType) {
    if (type == null || type.getKind() != TypeKind.DECLARED && type.getKind() != TypeKind.TYPEVAR) {
      return false;
    }
    TypeMirror api = erasedTypes.computeIfAbsent(apiType, n -> {
      TypeElement e = elements.getTypeElement(n);
      return e == null ? null : types.erasure(e.asType());
    });
    return api != null && types.isSubtype(types.erasure(type), api);
  }
}
