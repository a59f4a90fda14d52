package dev.orthrus.rewriter.transform;

import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.AnnotationDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.CompactConstructorDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumConstantDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.comments.BlockComment;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.stmt.AssertStmt;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import com.github.javaparser.printer.DefaultPrettyPrinterVisitor;
import com.github.javaparser.printer.configuration.DefaultConfigurationOption;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration.ConfigOption;
import com.github.javaparser.printer.configuration.PrinterConfiguration;
import com.github.javaparser.utils.LineSeparator;
import java.util.Arrays;
import java.util.Optional;

/**
 * Prints a rewritten compilation unit as {@link Node#toString()} does, and says which line of the
 * original source each printed line comes from, so that the compiled classes' line numbers name the
 * user's lines (stack traces, debuggers, fault sites; {@code compile.OriginalLines}).
 *
 * <p>Nodes the rewriter kept or copied from the original carry their original positions ({@link
 * #markOriginal}); nodes it made do not. A printed line takes the original line of the first
 * positioned statement, declaration, call or lambda whose own text (after its comment) starts on
 * it; a line no such node starts on (a continuation, a comment, a statement the rewriter added)
 * takes the first line of the innermost positioned node printed around it; a block's closing brace
 * takes the line of the original's. A line printed outside every positioned node (a member the
 * rewriter made) has none.
 */
public final class LineMappingPrinter extends DefaultPrettyPrinterVisitor {

  /**
   * A printed unit.
   *
   * @param text what {@link Node#toString()} prints
   * @param originalLines for each printed line (1-based index), the original line it comes from, or
   *     0; null when the printed text's lines could not be followed (the classes keep the printed
   *     lines)
   */
  public record Printed(String text, int[] originalLines) {}

  /**
   * The position a node had in the parsed source ({@link #markOriginal}); copies of the node carry
   * it too ({@link Node#clone()} copies a node's data), nodes the rewriter made or parsed from text
   * of its own do not.
   */
  private static final DataKey<Range> ORIGINAL =
      new DataKey<>() {
        @Override
        public String toString() {
          return "original position";
        }
      };

  private int[] claimed = new int[256];
  private int[] enclosing = new int[256];

  /** The positioned node whose own comment is printing now: its text starts after it. */
  private Node starting;

  /**
   * Line breaks printed that the printer's cursor did not count: a block comment's inner ones,
   * which the default printer prints as text.
   */
  private int uncounted;

  private LineMappingPrinter(PrinterConfiguration configuration) {
    super(configuration);
  }

  /** Notes where each node of a freshly parsed {@code unit} stands, before it is rewritten. */
  public static void markOriginal(CompilationUnit unit) {
    unit.walk(n -> n.getRange().ifPresent(r -> n.setData(ORIGINAL, r)));
  }

  /**
   * {@code made}, a node the rewriter made in place of {@code original}, takes its original
   * position: the lines it prints that no positioned node inside claims name the original's first
   * line, and a block's closing brace its last (a try-with-resources statement translated into a
   * block, whose {@code close()} calls are javac's at the statement).
   */
  static <N extends Node> N positionedAs(N made, Node original) {
    if (original.containsData(ORIGINAL)) {
      made.setData(ORIGINAL, original.getData(ORIGINAL));
    }
    return made;
  }

  /**
   * {@code made}, a statement the rewriter made for what the JVM does at the end of {@code
   * original} (a try-with-resources statement's {@code close()} calls), takes the line of {@code
   * original}'s last character.
   */
  static <N extends Node> N positionedAtEnd(N made, Node original) {
    if (original.containsData(ORIGINAL)) {
      Position end = original.getData(ORIGINAL).end;
      made.setData(ORIGINAL, new Range(end, end));
    }
    return made;
  }

  /** Prints {@code unit} with the configuration {@link Node#toString()} gives it. */
  public static Printed print(CompilationUnit unit) {
    PrinterConfiguration configuration = new DefaultPrinterConfiguration();
    configuration.addOption(
        new DefaultConfigurationOption(
            ConfigOption.END_OF_LINE_CHARACTER,
            unit.getLineEndingStyleOrDefault(LineSeparator.SYSTEM).asRawString()));
    LineMappingPrinter visitor = new LineMappingPrinter(configuration);
    unit.accept(visitor, null);
    String text = visitor.toString();
    return new Printed(text, visitor.originalLines(text));
  }

  private int[] originalLines(String text) {
    int lines = (int) text.lines().count();
    boolean ended = text.endsWith("\n") || text.endsWith("\r");
    if (line() != lines + (ended ? 1 : 0)) {
      // The printer's count of lines and the text's disagree (something printed a line break it
      // did not count): a map that may be shifted would name wrong lines.
      return null;
    }
    int[] lineMap = new int[lines + 1];
    for (int g = 1; g <= lines && g < claimed.length; g++) {
      lineMap[g] = claimed[g] != 0 ? claimed[g] : enclosing[g];
    }
    return lineMap;
  }

  private int line() {
    return printer.getCursor().line + uncounted;
  }

  @Override
  public void visit(BlockComment n, Void arg) {
    int before = printer.getCursor().line;
    super.visit(n, arg);
    if (printer.getCursor().line > before) {
      // It printed the comment: each line of its content but the last ends in a break.
      uncounted += n.getContent().split("\\R", -1).length - 1;
    }
  }

  /**
   * Runs the printing of {@code n}, noting the printed lines of a node with an original position.
   */
  private void mapped(Node n, Runnable printing) {
    if (!n.containsData(ORIGINAL)) {
      printing.run();
      return;
    }
    int original = originalLine(n);
    int first = line();
    Node outer = starting;
    starting = n;
    printing.run();
    if (starting == n) {
      // It printed no comment of its own first.
      claim(first, original);
    }
    starting = outer;
    int last = line();
    for (int g = first; g <= last; g++) {
      grow(g);
      if (enclosing[g] == 0) {
        enclosing[g] = original;
      }
    }
  }

  @Override
  protected void printComment(Optional<Comment> comment, Void arg) {
    super.printComment(comment, arg);
    if (starting != null) {
      claim(line(), originalLine(starting));
      starting = null;
    }
  }

  /**
   * The line a marked node names: a method's, constructor's or class's is that of its name, after
   * its annotations, as javac's is.
   */
  private static int originalLine(Node n) {
    Node named = n;
    if (n instanceof CallableDeclaration<?> c) {
      named = c.getName();
    } else if (n instanceof TypeDeclaration<?> t) {
      named = t.getName();
    }
    return (named.containsData(ORIGINAL) ? named : n).getData(ORIGINAL).begin.line;
  }

  private void claim(int printed, int original) {
    grow(printed);
    if (claimed[printed] == 0) {
      claimed[printed] = original;
    }
  }

  private void grow(int printed) {
    if (printed >= claimed.length) {
      int size = Math.max(printed + 1, claimed.length * 2);
      claimed = Arrays.copyOf(claimed, size);
      enclosing = Arrays.copyOf(enclosing, size);
    }
  }

  // ---- the nodes that name a line: statements, declarations, calls and lambdas ----

  @Override
  public void visit(BlockStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
    if (n.containsData(ORIGINAL)) {
      // The closing brace, where javac puts the implicit return of a void method.
      claim(line(), n.getData(ORIGINAL).end.line);
    }
  }

  @Override
  public void visit(ExpressionStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ReturnStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(IfStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ForStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ForEachStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(WhileStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(DoStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(TryStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(CatchClause n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ThrowStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(SwitchStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(SwitchEntry n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(SwitchExpr n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(YieldStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(BreakStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ContinueStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(LabeledStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(SynchronizedStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(AssertStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ExplicitConstructorInvocationStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(LocalClassDeclarationStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(LocalRecordDeclarationStmt n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(MethodCallExpr n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ObjectCreationExpr n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(LambdaExpr n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(MethodDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ConstructorDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(CompactConstructorDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(FieldDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(InitializerDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(EnumConstantDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(ClassOrInterfaceDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(EnumDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(RecordDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }

  @Override
  public void visit(AnnotationDeclaration n, Void arg) {
    mapped(n, () -> super.visit(n, arg));
  }
}
