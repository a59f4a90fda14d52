package dev.orthrus.analysis.facts;

import dev.orthrus.model.Tag;
import java.util.Set;
import soot.ArrayType;
import soot.DoubleType;
import soot.FloatType;
import soot.Local;
import soot.SootMethodRef;
import soot.Type;
import soot.Value;
import soot.ValueBox;
import soot.jimple.BinopExpr;
import soot.jimple.InstanceInvokeExpr;
import soot.jimple.InvokeExpr;
import soot.jimple.NegExpr;
import soot.jimple.Stmt;

/**
 * Which instructions make a closure floating-point or vector work, the units the fault injector
 * targets and the sampler validates with priority.
 */
public final class TagRules {

  /** String methods the JIT implements as vectorized intrinsics. */
  private static final Set<String> STRING_INTRINSICS = Set.of(
      "equals", "equalsIgnoreCase", "compareTo", "compareToIgnoreCase", "indexOf", "lastIndexOf",
      "contains", "startsWith", "endsWith", "regionMatches", "getBytes", "toCharArray", "hashCode",
      "<init>");

  private TagRules() {}

  /** A tag and why, or null. */
  public record TagHit(Tag tag, String reason) {}

  /** The tag an instruction earns, or null. Arithmetic is checked before calls. */
  public static TagHit of(Stmt s) {
    for (ValueBox box : s.getUseBoxes()) {
      Value v = box.getValue();
      if (v instanceof BinopExpr b && (isFloating(b.getOp1().getType()) || isFloating(b.getOp2().getType()))) {
        return new TagHit(Tag.FLOATING_POINT, "floating-point " + b.getSymbol().trim() + " on " + b.getOp1().getType());
      }
      if (v instanceof NegExpr n && isFloating(n.getOp().getType())) {
        return new TagHit(Tag.FLOATING_POINT, "floating-point negation");
      }
    }
    if (s.containsInvokeExpr()) {
      return ofCall(s.getInvokeExpr());
    }
    return null;
  }

  private static TagHit ofCall(InvokeExpr call) {
    SootMethodRef ref = call.getMethodRef();
    String owner = ref.getDeclaringClass().getName();
    String name = ref.getName();
    String id = owner + "#" + name;
    if ((owner.equals("java.lang.Math") || owner.equals("java.lang.StrictMath")) && touchesFloating(ref)) {
      return new TagHit(Tag.FLOATING_POINT, "calls " + id);
    }
    if (owner.equals("java.lang.System") && name.equals("arraycopy")) {
      return new TagHit(Tag.VECTOR, "calls " + id);
    }
    if (owner.equals("java.util.Arrays")) {
      return new TagHit(Tag.VECTOR, "calls " + id);
    }
    if (owner.startsWith("jdk.incubator.vector.")) {
      return new TagHit(Tag.VECTOR, "uses the Vector API: " + id);
    }
    if (owner.equals("java.lang.String") && STRING_INTRINSICS.contains(name)) {
      return new TagHit(Tag.VECTOR, "String intrinsic " + id);
    }
    if (name.equals("clone") && call instanceof InstanceInvokeExpr ie
        && ie.getBase() instanceof Local l && l.getType() instanceof ArrayType) {
      return new TagHit(Tag.VECTOR, "array clone");
    }
    return null;
  }

  private static boolean touchesFloating(SootMethodRef ref) {
    if (isFloating(ref.getReturnType())) {
      return true;
    }
    for (Type t : ref.getParameterTypes()) {
      if (isFloating(t)) {
        return true;
      }
    }
    return false;
  }

  static boolean isFloating(Type t) {
    return t instanceof FloatType || t instanceof DoubleType;
  }
}
