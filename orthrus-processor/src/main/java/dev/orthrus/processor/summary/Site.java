package dev.orthrus.processor.summary;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import dev.orthrus.model.SourcePosition;

/**
 * Where a fact was found: the tree (kept so diagnostics can be attached to the exact token), its
 * compilation unit, and the position computed while the tree was freshly attributed. The position
 * is computed eagerly because javac lowers a class right after analyzing it; the tree object keeps
 * its own position, which is all {@code Trees.printMessage} needs later.
 */
public record Site(Tree tree, CompilationUnitTree unit, SourcePosition position) {}
