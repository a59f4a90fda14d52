package dev.orthrus.processor.summary;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * The instance fields of one class that its constructors and initializers only ever assign objects
 * they allocate ({@code head = new Node()}): while the object is being built, what those fields
 * hold is as private as the object itself, so writes to it ({@code head.next = tail}) are
 * initialization. Flow-insensitive: assignments anywhere in constructors and initializers count, in
 * any order.
 */
final class ConstructedFields {

  private ConstructedFields() {}

  static Set<Element> of(TreePath classPath, TypeElement type, Trees trees) {
    Map<Element, Boolean> onlyNew = new HashMap<>();
    TreePathScanner<Void, Void> assignments =
        new TreePathScanner<>() {
          @Override
          public Void visitClass(ClassTree node, Void unused) {
            return null;
          }

          @Override
          public Void visitAssignment(AssignmentTree node, Void unused) {
            ExpressionTree lhs = MethodScope.unwrap(node.getVariable());
            Element field = trees.getElement(new TreePath(getCurrentPath(), lhs));
            if (MethodScope.isOwnAccess(lhs) && isOwnInstanceField(field, type)) {
              onlyNew.merge(
                  field,
                  LocalFacts.isNew(MethodScope.unwrap(node.getExpression())),
                  Boolean::logicalAnd);
            }
            return super.visitAssignment(node, unused);
          }
        };
    ClassTree declaration = (ClassTree) classPath.getLeaf();
    for (Tree member : declaration.getMembers()) {
      TreePath path = new TreePath(classPath, member);
      if (member instanceof VariableTree variable
          && variable.getInitializer() != null
          && !variable.getModifiers().getFlags().contains(Modifier.STATIC)) {
        Element field = trees.getElement(path);
        if (isOwnInstanceField(field, type)) {
          onlyNew.merge(
              field,
              LocalFacts.isNew(MethodScope.unwrap(variable.getInitializer())),
              Boolean::logicalAnd);
        }
        assignments.scan(new TreePath(path, variable.getInitializer()), null);
      } else if (member instanceof BlockTree block && !block.isStatic()
          || member instanceof MethodTree method
              && method.getBody() != null
              && trees.getElement(path) != null
              && trees.getElement(path).getKind() == ElementKind.CONSTRUCTOR) {
        assignments.scan(path, null);
      }
    }
    Set<Element> fresh = new HashSet<>();
    onlyNew.forEach(
        (field, isNew) -> {
          if (isNew) {
            fresh.add(field);
          }
        });
    return fresh;
  }

  private static boolean isOwnInstanceField(Element field, TypeElement type) {
    return field != null
        && field.getKind() == ElementKind.FIELD
        && field.getEnclosingElement().equals(type)
        && !field.getModifiers().contains(Modifier.STATIC);
  }
}
