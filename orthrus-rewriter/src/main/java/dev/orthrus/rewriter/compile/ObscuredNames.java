package dev.orthrus.rewriter.compile;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import dev.orthrus.rewriter.Problem;
import dev.orthrus.rewriter.transform.Rewriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Explains a compile error of generated code that a field of the program causes: Java resolves a
 * simple name to a variable before a type or a package (JLS 6.4.2), so a field named {@code
 * Checksum}, {@code Double} or {@code java} obscures the type or package that generated code names
 * there ({@code Checksum.bits(...)}), and the generated source does not compile. The error becomes
 * a problem on the field, with its name, instead of a rewriter bug.
 */
public final class ObscuredNames {

  /** Types and packages generated code names in expressions ({@code Checksum.bits(...)}). */
  private static final Set<String> GENERATED =
      Set.of(
          "CallSite",
          "Checksum",
          "ClosureRuntime",
          "ControlPath",
          "Double",
          "Float",
          "Orthrus",
          "Overrides",
          "Replay",
          "String",
          "VarHandle",
          "java");

  private ObscuredNames() {}

  /**
   * The problem {@code error}, a compile error at a line and column of a generated source, is when
   * a name generated code uses there is a field's: on that field of the source it was made from
   * ({@code originals}), parsed as the rewriter parses sources of Java {@code release}; else empty.
   */
  static Optional<Problem> explain(Problem error, Map<Path, Path> originals, int release) {
    Path original = error.file() == null ? null : originals.get(error.file());
    if (original == null || error.line() <= 0 || error.column() <= 0) {
      return Optional.empty();
    }
    try {
      List<String> lines = Files.readAllLines(error.file());
      if (error.line() > lines.size()) {
        return Optional.empty();
      }
      String name = nameAt(lines.get(error.line() - 1), error.column() - 1);
      if (name == null || !GENERATED.contains(name) || !obscuredError(error.construct(), name)) {
        return Optional.empty();
      }
      CompilationUnit unit =
          new JavaParser(
                  new ParserConfiguration()
                      .setLanguageLevel(Rewriter.languageLevel(release))
                      .setTabSize(1))
              .parse(original)
              .getResult()
              .orElseThrow();
      Node at =
          unit.findAll(FieldDeclaration.class).stream()
              .filter(
                  f ->
                      f.getVariables().stream()
                          .map(VariableDeclarator::getNameAsString)
                          .anyMatch(name::equals))
              .map(f -> (Node) f)
              .findFirst()
              .orElse(unit.getType(0));
      int line = at.getBegin().map(p -> p.line).orElse(0);
      int column = at.getBegin().map(p -> p.column).orElse(0);
      String what = Character.isUpperCase(name.charAt(0)) ? "type " : "package ";
      return Optional.of(
          new Problem(
              original,
              line,
              column,
              "a field named "
                  + name
                  + " (declared or inherited here), which obscures the "
                  + what
                  + name
                  + " that the generated code names: Java takes the name for the field",
              "rename the field (by convention a field's name starts with a lower-case letter)"));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * True for javac's errors about a name that is a variable where a type or package was meant: a
   * primitive field ({@code long cannot be dereferenced}) or a field of a class without the member
   * ({@code location: variable Checksum of type ...}). Any other error at the name (a wrong
   * argument type) is not the field's doing.
   */
  private static boolean obscuredError(String message, String name) {
    return message.contains("cannot be dereferenced") || message.contains("variable " + name);
  }

  /**
   * The identifier at {@code column} (0-based) of {@code line}, or the one just before it when
   * javac points at the dot of a member selection ({@code Checksum.bits}).
   */
  static String nameAt(String line, int column) {
    int end = column;
    if (end < line.length() && line.charAt(end) == '.') {
      end--;
    } else {
      while (end < line.length() && Character.isJavaIdentifierPart(line.charAt(end))) {
        end++;
      }
      end--;
    }
    int start = end;
    while (start >= 0
        && start < line.length()
        && Character.isJavaIdentifierPart(line.charAt(start))) {
      start--;
    }
    return start + 1 <= end ? line.substring(start + 1, end + 1) : null;
  }
}
