package dev.orthrus.processor.summary;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.orthrus.model.Suppression;
import dev.orthrus.model.rules.Rule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;

/**
 * The {@code @SuppressWarnings} values that name Orthrus rules: on a declaration and everything
 * around it (the sites of a method body), and inside a body (local variables). Each annotated
 * declaration is also recorded as a {@link Suppression} for {@code closures.json}, which is how the
 * bytecode analysis learns about it (the annotation is not in class files).
 */
final class Suppressions {

  private final Trees trees;
  private final List<Suppression> recorded = new ArrayList<>();

  Suppressions(Trees trees) {
    this.trees = trees;
  }

  /** The Orthrus values of the element's own {@code @SuppressWarnings}. */
  static Set<String> own(Element element) {
    Set<String> values = new HashSet<>();
    SuppressWarnings annotation =
        element == null ? null : element.getAnnotation(SuppressWarnings.class);
    if (annotation != null) {
      for (String v : annotation.value()) {
        if (v.equals(Rule.SUPPRESS_ALL) || v.startsWith(Rule.SUPPRESS_ALL + ".")) {
          values.add(v);
        }
      }
    }
    return values;
  }

  /**
   * The Orthrus values in effect at the element: its own and those of every enclosing declaration.
   */
  static Set<String> around(Element element) {
    Set<String> values = new HashSet<>();
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      values.addAll(own(e));
    }
    return values;
  }

  /** Records the declaration at {@code path} when its own annotation names Orthrus rules. */
  void declaration(TreePath path, Element element, String name) {
    Set<String> values = own(element);
    if (!values.isEmpty()) {
      CompilationUnitTree unit = path.getCompilationUnit();
      SourcePositions positions = trees.getSourcePositions();
      long start = positions.getStartPosition(unit, path.getLeaf());
      long end = positions.getEndPosition(unit, path.getLeaf());
      recorded.add(
          new Suppression(
              values.stream().sorted().toList(),
              name,
              MethodSummarizer.relativeFile(unit),
              unit.getLineMap().getLineNumber(start),
              unit.getLineMap().getLineNumber(Math.max(start, end))));
    }
  }

  /** Every annotated declaration seen so far. */
  List<Suppression> recorded() {
    return recorded;
  }

  /** Local variables of one body whose annotation names Orthrus rules, by source range. */
  final class Locals {
    private record Range(long start, long end, Set<String> values) {}

    private final List<Range> ranges = new ArrayList<>();

    Locals(TreePath body, String method) {
      if (body == null) {
        return;
      }
      SourcePositions positions = trees.getSourcePositions();
      CompilationUnitTree unit = body.getCompilationUnit();
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitClass(com.sun.source.tree.ClassTree node, Void unused) {
          return null;
        }

        @Override
        public Void visitVariable(VariableTree node, Void unused) {
          Element local = trees.getElement(getCurrentPath());
          Set<String> values = own(local);
          if (!values.isEmpty() && local.getKind() != javax.lang.model.element.ElementKind.FIELD) {
            ranges.add(
                new Range(
                    positions.getStartPosition(unit, node),
                    positions.getEndPosition(unit, node),
                    values));
            declaration(getCurrentPath(), local, method + " " + local.getSimpleName());
          }
          return super.visitVariable(node, unused);
        }
      }.scan(body, null);
    }

    /** The values of the local variable declarations that enclose {@code tree}. */
    Set<String> at(CompilationUnitTree unit, Tree tree) {
      if (ranges.isEmpty()) {
        return Set.of();
      }
      long start = trees.getSourcePositions().getStartPosition(unit, tree);
      Set<String> values = new HashSet<>();
      for (Range r : ranges) {
        if (start >= r.start && start < r.end) {
          values.addAll(r.values);
        }
      }
      return values;
    }
  }
}
