package dev.orthrus.processor.summary;

import com.sun.source.tree.ClassTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;

/**
 * A scanner for one family of facts over one method body or initializer. Nested and local classes
 * are skipped: their methods are summarized on their own. Lambda bodies belong to the method.
 */
abstract class BodyScanner extends TreePathScanner<Void, Void> {

  final MethodScope scope;

  BodyScanner(MethodScope scope) {
    this.scope = scope;
  }

  void run(TreePath body) {
    scan(body, null);
  }

  @Override
  public Void visitClass(ClassTree node, Void unused) {
    return null;
  }

  TreePath pathOf(com.sun.source.tree.Tree child) {
    return new TreePath(getCurrentPath(), child);
  }
}
