package dev.orthrus.processor.summary;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.UnionType;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;

/**
 * The classes whose objects a method may hold, which decide where a call through a JDK type may
 * dispatch (decision 0080): the classes it instantiates ({@code new}, an anonymous class, a
 * constructor reference), the types of the sources its expressions and variables have, and the
 * types of the fields it reads, JDK types included (a field may hold an object made anywhere).
 */
final class HeldTypeScanner extends BodyScanner {

  HeldTypeScanner(MethodScope scope) {
    super(scope);
  }

  @Override
  public Void scan(Tree tree, Void unused) {
    if (tree instanceof ExpressionTree || tree instanceof VariableTree) {
      TypeMirror type = scope.trees.getTypeMirror(new TreePath(getCurrentPath(), tree));
      if (type != null) {
        mentioned(
            type,
            scope.elements,
            t -> {
              if (!JavaNames.isJdk(t)) {
                scope.summary.expressionTypes.add(t);
              }
            });
      }
    }
    return super.scan(tree, unused);
  }

  @Override
  public Void visitNewClass(NewClassTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor) {
      // The anonymous class itself for new Iterator<>() { ... }.
      scope.summary.createdClasses.add(JavaNames.enclosingType(constructor));
    }
    return super.visitNewClass(node, unused);
  }

  @Override
  public Void visitMemberReference(MemberReferenceTree node, Void unused) {
    if (node.getMode() == MemberReferenceTree.ReferenceMode.INVOKE) {
      return super.visitMemberReference(node, unused);
    }
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor
        && constructor.getKind() == ElementKind.CONSTRUCTOR) {
      scope.summary.createdClasses.add(JavaNames.enclosingType(constructor));
    }
    return super.visitMemberReference(node, unused);
  }

  @Override
  public Void visitIdentifier(IdentifierTree node, Void unused) {
    fieldRead(node);
    return super.visitIdentifier(node, unused);
  }

  @Override
  public Void visitMemberSelect(MemberSelectTree node, Void unused) {
    fieldRead(node);
    return super.visitMemberSelect(node, unused);
  }

  /** A field the method reads may hold an object made outside the closure, of any subtype. */
  private void fieldRead(ExpressionTree node) {
    Element element = scope.trees.getElement(getCurrentPath());
    if (element == null
        || element.getKind() != ElementKind.FIELD && element.getKind() != ElementKind.ENUM_CONSTANT
        || getCurrentPath().getParentPath().getLeaf() instanceof AssignmentTree assignment
            && MethodScope.unwrap(assignment.getVariable()) == node) {
      return;
    }
    TypeMirror type = scope.trees.getTypeMirror(getCurrentPath());
    if (type != null) {
      mentioned(type, scope.elements, scope.summary.fieldReadTypes::add);
    }
  }

  /**
   * Every class or interface {@code type} names: its own, its type arguments', an array's
   * component's, a type variable's or a wildcard's bounds; {@code Object} for what a raw type, an
   * unbounded wildcard or a lower bound leave open.
   */
  static void mentioned(TypeMirror type, Elements elements, Consumer<TypeElement> out) {
    mentioned(type, elements, out, new HashSet<>());
  }

  private static void mentioned(
      TypeMirror type, Elements elements, Consumer<TypeElement> out, Set<Element> variables) {
    if (type instanceof DeclaredType declared
        && declared.asElement() instanceof TypeElement element) {
      out.accept(element);
      if (declared.getTypeArguments().isEmpty() && !element.getTypeParameters().isEmpty()) {
        out.accept(elements.getTypeElement("java.lang.Object"));
      }
      for (TypeMirror argument : declared.getTypeArguments()) {
        mentioned(argument, elements, out, variables);
      }
    } else if (type instanceof ArrayType array) {
      mentioned(array.getComponentType(), elements, out, variables);
    } else if (type instanceof WildcardType wildcard) {
      if (wildcard.getExtendsBound() != null) {
        mentioned(wildcard.getExtendsBound(), elements, out, variables);
      } else {
        out.accept(elements.getTypeElement("java.lang.Object"));
      }
    } else if (type instanceof TypeVariable variable) {
      if (variables.add(variable.asElement())) {
        mentioned(variable.getUpperBound(), elements, out, variables);
      }
    } else if (type instanceof IntersectionType intersection) {
      for (TypeMirror bound : intersection.getBounds()) {
        mentioned(bound, elements, out, variables);
      }
    } else if (type instanceof UnionType union) {
      for (TypeMirror alternative : union.getAlternatives()) {
        mentioned(alternative, elements, out, variables);
      }
    }
  }
}
