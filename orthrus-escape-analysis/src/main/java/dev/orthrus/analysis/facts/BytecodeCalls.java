package dev.orthrus.analysis.facts;

import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.jdk.JdkCall;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import soot.ArrayType;
import soot.Body;
import soot.DoubleType;
import soot.FloatType;
import soot.Local;
import soot.RefType;
import soot.Scene;
import soot.SootClass;
import soot.SootMethod;
import soot.SootMethodRef;
import soot.Type;
import soot.Unit;
import soot.Value;
import soot.jimple.AssignStmt;
import soot.jimple.InstanceInvokeExpr;
import soot.jimple.InvokeExpr;
import soot.jimple.NewExpr;
import soot.jimple.SpecialInvokeExpr;
import soot.jimple.StaticInvokeExpr;

/**
 * The bytecode analysis's side of the JDK table ({@link dev.orthrus.model.jdk.JdkApis}): a call as
 * Soot sees it. The receiver's static type is the method reference's class, which javac writes as
 * the qualifying type of the call, as the processor sees it in the source.
 */
public final class BytecodeCalls {

  private BytecodeCalls() {}

  /** The call, in {@code body} (for the receiver's origin), as the JDK table sees it. */
  public static JdkCall of(InvokeExpr call, Body body) {
    SootMethodRef ref = call.getMethodRef();
    boolean constructor = call instanceof SpecialInvokeExpr && ref.getName().equals("<init>");
    JdkCall.Kind kind =
        call instanceof StaticInvokeExpr
            ? JdkCall.Kind.STATIC
            : constructor ? JdkCall.Kind.CONSTRUCTOR : JdkCall.Kind.INSTANCE;
    Value base = call instanceof InstanceInvokeExpr ie ? ie.getBase() : null;
    boolean arrayReceiver = base != null && base.getType() instanceof ArrayType;
    return new JdkCall() {
      /** What the receiver local's definitions allocate; scanned once, when first asked. */
      private Set<SootClass> made;

      private boolean madeScanned;

      private Set<SootClass> made() {
        if (!madeScanned) {
          made = base instanceof Local l ? allocatedClasses(l, body) : null;
          madeScanned = true;
        }
        return made;
      }

      @Override
      public String owner() {
        SootMethod resolved = resolve(ref);
        return resolved != null
            ? resolved.getDeclaringClass().getName()
            : ref.getDeclaringClass().getName();
      }

      @Override
      public String name() {
        return ref.getName();
      }

      @Override
      public Kind kind() {
        return kind;
      }

      @Override
      public int arity() {
        return ref.getParameterTypes().size();
      }

      @Override
      public boolean isA(String type) {
        if (arrayReceiver) {
          return type.equals("java.lang.Object");
        }
        // A receiver made in this method is also known by its class: `Map<K, V> m = new
        // IdentityHashMap<>()`.
        return BytecodeCalls.isA(ref.getDeclaringClass(), type)
            || made() != null
                && made().size() == 1
                && BytecodeCalls.isA(made().iterator().next(), type);
      }

      @Override
      public String receiver() {
        return arrayReceiver ? base.getType().toString() : ref.getDeclaringClass().getName();
      }

      @Override
      public boolean has(Fact fact) {
        return switch (fact) {
          case FRESH_RECEIVER -> made() != null;
          case FLOATING_SIGNATURE ->
              floating(ref.getReturnType())
                  || ref.getParameterTypes().stream().anyMatch(BytecodeCalls::floating);
          case ARRAY_RECEIVER -> arrayReceiver;
          case IDENTITY_HASHED_RECEIVER -> identityHashed(ref, base);
          case IN_MEMORY_ARGUMENT -> inMemoryArgument(call, body);
        };
      }
    };
  }

  /**
   * An argument is an in-memory stream: by its static type, or a local only ever made as one in
   * this method ({@code new DataOutputStream(new ByteArrayOutputStream())}).
   */
  private static boolean inMemoryArgument(InvokeExpr call, Body body) {
    for (Value argument : call.getArgs()) {
      if (argument.getType() instanceof RefType ref
          && JdkApis.isInMemoryStream(t -> isA(ref.getSootClass(), t))) {
        return true;
      }
      Set<SootClass> made = argument instanceof Local l ? allocatedClasses(l, body) : null;
      if (made != null && made.stream().allMatch(c -> JdkApis.isInMemoryStream(t -> isA(c, t)))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The class is {@code type} or a subtype, as far as the loaded hierarchy tells (phantoms stop
   * it).
   */
  public static boolean isA(SootClass c, String type) {
    Deque<SootClass> work = new ArrayDeque<>();
    Set<String> seen = new HashSet<>();
    work.add(c);
    while (!work.isEmpty()) {
      SootClass at = work.poll();
      if (!seen.add(at.getName())) {
        continue;
      }
      if (at.getName().equals(type)) {
        return true;
      }
      if (at.isPhantom()) {
        continue;
      }
      if (at.hasSuperclass()) {
        work.add(at.getSuperclass());
      }
      work.addAll(at.getInterfaces());
    }
    return false;
  }

  /** The type named ({@code int[]} never is a class) is {@code type} or a subtype. */
  public static boolean isA(Type t, String type) {
    return t instanceof RefType r && isA(r.getSootClass(), type);
  }

  /**
   * The classes the local's definitions in the body allocate, when every definition is a {@code
   * new}; null when one is not, or when there is none.
   */
  private static Set<SootClass> allocatedClasses(Local local, Body body) {
    Set<SootClass> made = new HashSet<>();
    for (Unit u : body.getUnits()) {
      if (u instanceof AssignStmt a && a.getLeftOp() == local) {
        if (!(a.getRightOp() instanceof NewExpr n)) {
          return null;
        }
        made.add(n.getBaseType().getSootClass());
      }
    }
    return made.isEmpty() ? null : made;
  }

  /**
   * {@code hashCode()} that resolves to {@code Object}'s or {@code Enum}'s, or is called on a
   * receiver typed {@code Object}, which may be an identity-hashed object. javac names {@code
   * Object} as the qualifying type of an {@code Object} method that the receiver's class does not
   * override, so the receiver's class comes from the local's type.
   */
  private static boolean identityHashed(SootMethodRef ref, Value base) {
    SootClass receiver =
        base != null && base.getType() instanceof RefType r
            ? r.getSootClass()
            : ref.getDeclaringClass();
    if (receiver.getName().equals("java.lang.Object")) {
      return true; // an Object may be any object, one the closure made among them (new Object())
    }
    if (receiver.isPhantom() || receiver.isInterface()) {
      return false;
    }
    SootMethod resolved = null;
    try {
      resolved = Scene.v().getFastHierarchy().resolveConcreteDispatch(receiver, ref.resolve());
    } catch (RuntimeException e) {
      resolved = resolve(ref);
    }
    String declaring = resolved == null ? null : resolved.getDeclaringClass().getName();
    return "java.lang.Object".equals(declaring) || "java.lang.Enum".equals(declaring);
  }

  private static SootMethod resolve(SootMethodRef ref) {
    try {
      return ref.tryResolve();
    } catch (RuntimeException e) {
      return null;
    }
  }

  static boolean floating(Type t) {
    return t instanceof FloatType || t instanceof DoubleType;
  }
}
