package dev.orthrus.rewriter.transform;

import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.Node;
import dev.orthrus.rewriter.facts.Span;
import java.util.Arrays;

/**
 * Turns JavaParser's line and column ranges into the character offsets javac's facts are keyed by.
 * The parser counts a tab as one column, so a column is an offset into its line.
 */
final class Positions {

  private final int[] lineStarts;

  Positions(String text) {
    int[] starts = new int[16];
    int lines = 1;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean lineEnd =
          c == '\n' || (c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'));
      if (lineEnd) {
        if (lines == starts.length) {
          starts = Arrays.copyOf(starts, lines * 2);
        }
        starts[lines++] = i + 1;
      }
    }
    this.lineStarts = Arrays.copyOf(starts, lines);
  }

  /** The node's span, or null for a node the rewriter made (it has no range). */
  Span span(Node node) {
    Range range = node.getRange().orElse(null);
    if (range == null) {
      return null;
    }
    return new Span(offset(range.begin), offset(range.end) + 1);
  }

  private int offset(Position p) {
    return lineStarts[p.line - 1] + p.column - 1;
  }
}
