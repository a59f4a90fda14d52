package dev.orthrus.processor.summary;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.rules.Rule;
import java.util.Set;

/**
 * Where a fact was found: the tree (kept so diagnostics can be attached to the exact token), its
 * compilation unit, the position computed while the tree was freshly attributed, and the Orthrus
 * values of the {@code @SuppressWarnings} around it. The position is computed eagerly because javac
 * lowers a class right after analyzing it; the tree object keeps its own position, which is all
 * {@code Trees.printMessage} needs later.
 */
public record Site(
    Tree tree, CompilationUnitTree unit, SourcePosition position, Set<String> suppressed) {

  public Site {
    suppressed = Set.copyOf(suppressed);
  }

  public Site(Tree tree, CompilationUnitTree unit, SourcePosition position) {
    this(tree, unit, position, Set.of());
  }

  /**
   * True when a {@code @SuppressWarnings} around the site silences the rule (if it may be
   * silenced).
   */
  public boolean suppresses(Rule rule) {
    return suppressed.stream().anyMatch(rule::suppressedBy);
  }
}
