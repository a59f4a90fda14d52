package dev.orthrus.analysis.facts;

import dev.orthrus.analysis.program.SootProgram;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.rules.Rule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import soot.ArrayType;
import soot.Body;
import soot.Local;
import soot.RefType;
import soot.Scene;
import soot.SootClass;
import soot.SootField;
import soot.SootMethod;
import soot.Type;
import soot.Unit;
import soot.Value;
import soot.jimple.AssignStmt;
import soot.jimple.CastExpr;
import soot.jimple.InstanceFieldRef;
import soot.jimple.InstanceInvokeExpr;
import soot.jimple.InterfaceInvokeExpr;
import soot.jimple.InvokeExpr;
import soot.jimple.NewExpr;
import soot.jimple.StaticInvokeExpr;
import soot.jimple.Stmt;
import soot.tagkit.SignatureTag;

/**
 * Mutable JDK objects reachable from user data, in bytecode (rule {@code
 * orthrus.userdata.mutable-collection}; the processor finds the same in source): user-data fields
 * whose type holds one, mutable objects and views stored into user-data fields, and calls that
 * change an object loaded from a user-data field in the same method.
 */
public final class UserDataMutability {

  private static final Pattern SIGNATURE_CLASS = Pattern.compile("L([\\w/$]+)[<;]");
  static final String FIX =
      "use a persistent collection (org.pcollections), an immutable copy (List.copyOf, "
          + "Map.copyOf) or @UserData node classes";

  private UserDataMutability() {}

  /**
   * A call changing a JDK object that a user-data field holds; {@code field} is null when the
   * object was reached from user data through a parameter or a callee rather than loaded in the
   * same method.
   */
  public record Mutation(String field, String method) {

    public String message() {
      return "calls `"
          + method
          + "` on the object "
          + (field == null ? "reached from user data" : "held in user-data field `" + field + "`")
          + ", which changes it in place; the change is neither versioned nor validated: "
          + FIX;
    }
  }

  /**
   * The mutation statement {@code s} makes of the object in {@code changed} ({@link
   * #mutatedObject}) when that object is loaded from a user-data field in the same body, or null.
   */
  public static Mutation mutation(Stmt s, Local changed, Body body, SootProgram program) {
    SootField field = loadedField(changed, body, program, 0);
    return field == null
        ? null
        : new Mutation(field.getDeclaringClass().getName() + "." + field.getName(), methodOf(s));
  }

  /**
   * The local holding the JDK object that statement {@code s} of {@code method} changes in place,
   * or null. Constructors and initializers are left out: they build their own object, whose fields
   * are reported where they are stored.
   */
  public static Local mutatedObject(Stmt s, SootMethod method, Body body) {
    if (!s.containsInvokeExpr() || method.isConstructor() || method.isStaticInitializer()) {
      return null;
    }
    InvokeExpr call = s.getInvokeExpr();
    JdkApi mutation = JdkApis.mutation(BytecodeCalls.of(call, body));
    if (mutation == null) {
      return null;
    }
    if (call instanceof StaticInvokeExpr) {
      // Collections.sort(list): the argument it changes.
      int at = mutation.argument();
      return at >= 0 && at < call.getArgCount() && call.getArg(at) instanceof Local changed
          ? changed
          : null;
    }
    return call instanceof InstanceInvokeExpr instance && instance.getBase() instanceof Local base
        ? base
        : null;
  }

  /** The called method of a mutating statement, as {@code Class#name}. */
  public static String methodOf(Stmt s) {
    return s.getInvokeExpr().getMethodRef().getDeclaringClass().getName()
        + "#"
        + s.getInvokeExpr().getMethodRef().getName();
  }

  /**
   * The user-data field every definition of the local loads (through copies and casts), or null.
   */
  private static SootField loadedField(Local local, Body body, SootProgram program, int depth) {
    SootField found = null;
    for (Unit u : body.getUnits()) {
      if (!(u instanceof AssignStmt a) || a.getLeftOp() != local) {
        continue;
      }
      Value right = a.getRightOp() instanceof CastExpr cast ? cast.getOp() : a.getRightOp();
      SootField field = null;
      if (right instanceof InstanceFieldRef ref && isUserDataField(ref, program)) {
        field = ref.getField();
      } else if (right instanceof Local copy && depth < 4) {
        field = loadedField(copy, body, program, depth + 1);
      }
      if (field == null || found != null && !found.equals(field)) {
        return null;
      }
      found = field;
    }
    return found;
  }

  private static boolean isUserDataField(InstanceFieldRef ref, SootProgram program) {
    return program.isUserDataClass(ref.getField().getDeclaringClass().getName())
        || program.isUserData(ref.getBase().getType());
  }

  /**
   * Report-wide findings: user-data fields holding mutable JDK types, and stores of mutable objects
   * into them.
   */
  public static List<Diagnostic> declarations(SootProgram program) {
    List<Diagnostic> out = new ArrayList<>();
    for (String name : program.userDataTypes()) {
      SootClass c = Scene.v().getSootClassUnsafe(name, false);
      if (c == null || c.isPhantom()) {
        continue;
      }
      for (SootField f : c.getFields()) {
        if (f.isStatic()) {
          continue;
        }
        String mutable = mutableIn(f, program, new HashSet<>());
        if (mutable != null) {
          out.add(
              new Diagnostic(
                  Rule.MUTABLE_COLLECTION.key(),
                  Rule.MUTABLE_COLLECTION.severity(),
                  "user-data field `"
                      + name
                      + "."
                      + f.getName()
                      + "` holds "
                      + mutable
                      + ", whose changes are neither "
                      + "versioned nor validated; "
                      + FIX,
                  firstStore(c, f, program)));
        }
      }
    }
    for (Map.Entry<SootMethod, Body> e : program.bodies().entrySet()) {
      for (Unit u : e.getValue().getUnits()) {
        if (u instanceof AssignStmt a
            && a.getLeftOp() instanceof InstanceFieldRef ref
            && isUserDataField(ref, program)
            && mutableType(ref.getField().getType()) == null
            && a.getRightOp() instanceof Local value) {
          String what = storedMutable(value, e.getValue());
          if (what != null) {
            out.add(
                new Diagnostic(
                    Rule.MUTABLE_COLLECTION.key(),
                    Rule.MUTABLE_COLLECTION.severity(),
                    "`"
                        + dev.orthrus.analysis.program.MethodIds.of(e.getKey())
                        + "` stores "
                        + what
                        + " in user-data field `"
                        + ref.getField().getDeclaringClass().getName()
                        + "."
                        + ref.getField().getName()
                        + "`; its changes would be neither versioned nor validated: "
                        + FIX,
                    SootProgram.position(e.getKey(), a)));
          }
        }
      }
    }
    return out;
  }

  /**
   * What a mutable value stored from {@code value} is: a new mutable object, a view, or a
   * mutable-typed local.
   */
  private static String storedMutable(Local value, Body body) {
    return storedMutable(value, body, 0);
  }

  private static String storedMutable(Local value, Body body, int depth) {
    for (Unit u : body.getUnits()) {
      if (u instanceof AssignStmt a && a.getLeftOp() == value) {
        Value right = a.getRightOp() instanceof CastExpr cast ? cast.getOp() : a.getRightOp();
        if (right instanceof Local copy && depth < 4) {
          // (List) stream.collect(...): the cast of the call's result.
          String copied = storedMutable(copy, body, depth + 1);
          if (copied != null) {
            return copied;
          }
          continue;
        }
        if (right instanceof NewExpr n && mutableType(n.getType()) != null) {
          return "a mutable `" + n.getType() + "`";
        }
        String collector = mutableCollector(right, body);
        if (collector != null) {
          return "what `Stream.collect("
              + collector
              + "(...))` makes, a mutable collection (the JDK does not promise otherwise;"
              + " `Stream.toList()` makes one that cannot change)";
        }
        if (right instanceof StaticInvokeExpr call
            && JdkApis.mutableView(BytecodeCalls.of(call, body)) != null
            && !overImmutable(call, body)) {
          return "`"
              + call.getMethodRef().getDeclaringClass().getName()
              + "."
              + call.getMethodRef().getName()
              + "(...)`, a view over (or a wrapper of) a collection that can still change";
        }
      }
    }
    return null;
  }

  /**
   * A view whose collection never changes: {@code Collections.unmodifiableList(List.of(a, b))}, its
   * argument made by a JDK factory of such a collection ({@link JdkApis#immutableFactory}).
   */
  private static boolean overImmutable(StaticInvokeExpr view, Body body) {
    return view.getArgCount() == 1
        && view.getArg(0) instanceof Local wrapped
        && staticCallAssigned(
                wrapped,
                body,
                made ->
                    JdkApis.immutableFactory(
                        made.getMethodRef().getDeclaringClass().getName(),
                        made.getMethodRef().getName()))
            != null;
  }

  /**
   * {@code java.util.stream.Collectors.toList} when {@code value} is {@code
   * stream.collect(Collectors.toList())} (or another collector of a mutable collection, {@link
   * JdkApis#mutableCollector}); else null.
   */
  private static String mutableCollector(Value value, Body body) {
    if (!(value instanceof InterfaceInvokeExpr collect)
        || !collect.getMethodRef().getName().equals("collect")
        || collect.getArgCount() != 1
        || !collect.getMethodRef().getDeclaringClass().getName().equals("java.util.stream.Stream")
        || !(collect.getArg(0) instanceof Local collector)) {
      return null;
    }
    StaticInvokeExpr made =
        staticCallAssigned(
            collector, body, c -> JdkApis.mutableCollector(BytecodeCalls.of(c, body)) != null);
    return made == null
        ? null
        : made.getMethodRef().getDeclaringClass().getName() + "." + made.getMethodRef().getName();
  }

  /** A static call of {@code body} assigned to {@code local} that {@code kind} accepts, or null. */
  private static StaticInvokeExpr staticCallAssigned(
      Local local, Body body, Predicate<StaticInvokeExpr> kind) {
    for (Unit u : body.getUnits()) {
      if (u instanceof AssignStmt a
          && a.getLeftOp() == local
          && a.getRightOp() instanceof StaticInvokeExpr made
          && kind.test(made)) {
        return made;
      }
    }
    return null;
  }

  /**
   * How a mutable JDK type is reachable from the field's type or its generic signature, or null.
   */
  private static String mutableIn(SootField f, SootProgram program, Set<String> visiting) {
    Type type = f.getType();
    Type element = type instanceof ArrayType a ? a.baseType : type;
    String mutable = mutableType(element);
    if (mutable != null) {
      return type instanceof ArrayType
          ? "an array of a mutable `" + mutable + "`"
          : "a mutable `" + mutable + "`";
    }
    if (f.getTag(SignatureTag.NAME) instanceof SignatureTag sig) {
      Matcher m = SIGNATURE_CLASS.matcher(sig.getSignature());
      while (m.find()) {
        String name = m.group(1).replace('/', '.');
        SootClass c = Scene.v().getSootClassUnsafe(name, false);
        if (c != null && mutableType(c.getType()) != null) {
          return "a type argument `" + name + "`, which is mutable";
        }
      }
    }
    if (element instanceof RefType r
        && !program.isUserDataClass(r.getClassName())
        && visiting.add(r.getClassName())) {
      SootClass c = r.getSootClass();
      if (!c.isPhantom()
          && c.hasSuperclass()
          && c.getSuperclass().getName().equals("java.lang.Record")) {
        for (SootField component : c.getFields()) {
          String inner = component.isStatic() ? null : mutableIn(component, program, visiting);
          if (inner != null) {
            return "record `"
                + c.getName()
                + "` whose component `"
                + component.getName()
                + "` is "
                + inner;
          }
        }
      }
    }
    return null;
  }

  /** The mutable JDK type a type is, or null (persistent collections and user data never are). */
  static String mutableType(Type type) {
    if (!(type instanceof RefType r)
        || r.getSootClass().isPhantom()
        || JdkApis.isPersistent(r.getClassName())) {
      return null;
    }
    return JdkApis.mutableType(r.getClassName(), api -> BytecodeCalls.isA(r.getSootClass(), api))
            == null
        ? null
        : r.getClassName();
  }

  /**
   * Where the field is first stored in a constructor (fields have no line of their own in class
   * files).
   */
  private static SourcePosition firstStore(SootClass c, SootField f, SootProgram program) {
    for (SootMethod m : c.getMethods()) {
      Body body = program.body(m);
      if (body == null || !m.isConstructor()) {
        continue;
      }
      for (Unit u : body.getUnits()) {
        if (u instanceof AssignStmt a
            && a.getLeftOp() instanceof InstanceFieldRef ref
            && ref.getField().equals(f)) {
          return SootProgram.position(m, a);
        }
      }
    }
    return new SourcePosition(SootProgram.sourceFile(c), 0, 0);
  }
}
