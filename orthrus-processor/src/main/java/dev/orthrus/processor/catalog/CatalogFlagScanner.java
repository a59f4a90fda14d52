package dev.orthrus.processor.catalog;

import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Computes a closure's floating-point and vector flags before attribution, while the processing
 * rounds run and generated sources can still be written. It reads the parsed (not type-checked)
 * trees of the closure and of the methods of its own class it calls by simple name, and uses
 * element lookups for declared types. See {@code docs/decisions/0002-closure-catalog-flags.md} for
 * how this relates to the tags in {@code closures.json}.
 */
public final class CatalogFlagScanner {

  private static final Set<String> MATH =
      Set.of("Math", "StrictMath", "java.lang.Math", "java.lang.StrictMath");
  private static final Set<String> ARRAYS = Set.of("Arrays", "java.util.Arrays");
  private static final Set<String> NOT_BULK =
      Set.of("asList", "stream", "toString", "deepToString");

  /**
   * Math methods with int/long overloads: before attribution the overload is unknown, so they count
   * as floating point only through their arguments (a literal, a cast, a declared local).
   */
  private static final Set<String> INTEGRAL_MATH =
      Set.of(
          "abs",
          "absExact",
          "min",
          "max",
          "clamp",
          "addExact",
          "subtractExact",
          "multiplyExact",
          "incrementExact",
          "decrementExact",
          "negateExact",
          "toIntExact",
          "divideExact",
          "floorDiv",
          "floorDivExact",
          "floorMod",
          "ceilDiv",
          "ceilDivExact",
          "ceilMod",
          "multiplyFull",
          "multiplyHigh",
          "unsignedMultiplyHigh");

  private final Trees trees;

  public CatalogFlagScanner(Trees trees) {
    this.trees = trees;
  }

  public CatalogFlags scan(ExecutableElement closure) {
    TypeElement owner = (TypeElement) closure.getEnclosingElement();
    Visitor visitor = new Visitor(owner);
    Deque<ExecutableElement> work = new ArrayDeque<>();
    Set<ExecutableElement> seen = new HashSet<>();
    work.add(closure);
    seen.add(closure);
    while (!work.isEmpty()) {
      ExecutableElement method = work.remove();
      if (isFloat(method.getReturnType())
          || method.getParameters().stream().anyMatch(p -> isFloat(p.asType()))) {
        visitor.floatingPoint = true;
      }
      MethodTree tree = trees.getTree(method);
      if (tree == null || tree.getBody() == null) {
        continue;
      }
      visitor.arrayLocals.clear();
      tree.getParameters().forEach(p -> visitor.declare(p));
      visitor.calledNames.clear();
      tree.getBody().accept(visitor, null);
      for (Element member : owner.getEnclosedElements()) {
        if ((member.getKind() == ElementKind.METHOD || member.getKind() == ElementKind.CONSTRUCTOR)
            && visitor.calledNames.contains(member.getSimpleName().toString())
            && seen.add((ExecutableElement) member)) {
          work.add((ExecutableElement) member);
        }
      }
    }
    return new CatalogFlags(visitor.floatingPoint, visitor.vector);
  }

  private static boolean isFloat(TypeMirror type) {
    return type.getKind() == TypeKind.FLOAT || type.getKind() == TypeKind.DOUBLE;
  }

  private static final class Visitor extends TreeScanner<Void, Void> {
    final TypeElement owner;
    final Set<String> arrayLocals = new HashSet<>();
    final Set<String> calledNames = new HashSet<>();
    boolean floatingPoint;
    boolean vector;

    Visitor(TypeElement owner) {
      this.owner = owner;
    }

    void declare(VariableTree variable) {
      if (variable.getType() != null && variable.getType().getKind() == Tree.Kind.ARRAY_TYPE) {
        arrayLocals.add(variable.getName().toString());
      }
    }

    @Override
    public Void visitVariable(VariableTree node, Void unused) {
      declare(node);
      return super.visitVariable(node, unused);
    }

    @Override
    public Void visitPrimitiveType(PrimitiveTypeTree node, Void unused) {
      if (node.getPrimitiveTypeKind() == TypeKind.FLOAT
          || node.getPrimitiveTypeKind() == TypeKind.DOUBLE) {
        floatingPoint = true;
      }
      return null;
    }

    @Override
    public Void visitLiteral(LiteralTree node, Void unused) {
      if (node.getKind() == Tree.Kind.FLOAT_LITERAL || node.getKind() == Tree.Kind.DOUBLE_LITERAL) {
        floatingPoint = true;
      }
      return null;
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
      Tree select = node.getMethodSelect();
      if (select instanceof IdentifierTree id) {
        calledNames.add(id.getName().toString());
      } else if (select instanceof MemberSelectTree member) {
        String receiver = member.getExpression().toString();
        String name = member.getIdentifier().toString();
        if (receiver.equals("this")) {
          calledNames.add(name);
        } else if (MATH.contains(receiver) && !INTEGRAL_MATH.contains(name)) {
          floatingPoint = true;
        } else if (ARRAYS.contains(receiver) && !NOT_BULK.contains(name)
            || (receiver.equals("System") || receiver.equals("java.lang.System"))
                && name.equals("arraycopy")) {
          vector = true;
        } else if (name.equals("clone")
            && node.getArguments().isEmpty()
            && isArray(member.getExpression())) {
          vector = true;
        }
      }
      return super.visitMethodInvocation(node, unused);
    }

    /** A local, parameter or field of the owner declared with an array type. */
    private boolean isArray(Tree expression) {
      String name;
      if (expression instanceof IdentifierTree id) {
        name = id.getName().toString();
        if (arrayLocals.contains(name)) {
          return true;
        }
      } else if (expression instanceof MemberSelectTree select
          && select.getExpression().toString().equals("this")) {
        name = select.getIdentifier().toString();
      } else {
        return false;
      }
      for (Element member : owner.getEnclosedElements()) {
        if (member.getKind() == ElementKind.FIELD && member.getSimpleName().contentEquals(name)) {
          return member.asType().getKind() == TypeKind.ARRAY;
        }
      }
      return false;
    }
  }
}
