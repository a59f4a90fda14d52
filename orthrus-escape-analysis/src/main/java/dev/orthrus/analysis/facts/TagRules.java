package dev.orthrus.analysis.facts;

import dev.orthrus.model.Tag;
import dev.orthrus.model.jdk.JdkApis;
import java.util.Set;
import soot.Body;
import soot.DoubleType;
import soot.FloatType;
import soot.SootMethodRef;
import soot.Type;
import soot.Value;
import soot.ValueBox;
import soot.jimple.BinopExpr;
import soot.jimple.InvokeExpr;
import soot.jimple.NegExpr;
import soot.jimple.Stmt;

/**
 * Which instructions make a closure floating-point or vector work, the units the fault injector
 * targets and the sampler validates with priority: float/double arithmetic here, calls from the JDK
 * table ({@link JdkApis#tags}).
 */
public final class TagRules {

  private TagRules() {}

  /** A tag and why, or null. */
  public record TagHit(Tag tag, String reason) {}

  /** The tag an instruction of {@code body} earns, or null. Arithmetic is checked before calls. */
  public static TagHit of(Stmt s, Body body) {
    for (ValueBox box : s.getUseBoxes()) {
      Value v = box.getValue();
      if (v instanceof BinopExpr b
          && (isFloating(b.getOp1().getType()) || isFloating(b.getOp2().getType()))) {
        return new TagHit(
            Tag.FLOATING_POINT,
            "floating-point " + b.getSymbol().trim() + " on " + b.getOp1().getType());
      }
      if (v instanceof NegExpr n && isFloating(n.getOp().getType())) {
        return new TagHit(Tag.FLOATING_POINT, "floating-point negation");
      }
    }
    if (s.containsInvokeExpr()) {
      return ofCall(s.getInvokeExpr(), body);
    }
    return null;
  }

  private static TagHit ofCall(InvokeExpr call, Body body) {
    Set<Tag> tags = JdkApis.tags(BytecodeCalls.of(call, body));
    if (tags.isEmpty()) {
      return null;
    }
    SootMethodRef ref = call.getMethodRef();
    Tag tag = tags.contains(Tag.FLOATING_POINT) ? Tag.FLOATING_POINT : Tag.VECTOR;
    return new TagHit(tag, "calls " + ref.getDeclaringClass().getName() + "#" + ref.getName());
  }

  static boolean isFloating(Type t) {
    return t instanceof FloatType || t instanceof DoubleType;
  }
}
