package dev.orthrus.rewriter.transform;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.stmt.Statement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The printer prints what {@code toString()} prints, follows the printed lines of every source the
 * tests and the samples hold (comments, text blocks, switch expressions, lambdas included), and
 * maps an unchanged file's statements to their own lines.
 */
class LineMappingPrinterTest {

  private static final List<Path> CORPUS =
      List.of(Path.of("src/test/resources"), Path.of("../samples"));

  @Test
  void printsWhatToStringPrintsAndFollowsEveryLine() throws IOException {
    int files = 0;
    for (Path root : CORPUS) {
      for (Path file : javaFiles(root)) {
        CompilationUnit unit = parse(file);
        if (unit == null) {
          continue;
        }
        LineMappingPrinter.markOriginal(unit);
        LineMappingPrinter.Printed printed = LineMappingPrinter.print(unit);
        assertEquals(unit.toString(), printed.text(), file::toString);
        assertNotNull(printed.originalLines(), () -> file + ": the printed lines were followed");
        files++;
      }
    }
    assertTrue(files > 100, "files printed: " + files);
  }

  @Test
  void anUnchangedFilesStatementsNameTheirOwnLines() throws IOException {
    for (Path file : javaFiles(Path.of("../samples/kvcache/src/main/java"))) {
      CompilationUnit unit = parse(file);
      LineMappingPrinter.markOriginal(unit);
      LineMappingPrinter.Printed printed = LineMappingPrinter.print(unit);
      CompilationUnit reparsed = new JavaParser().parse(printed.text()).getResult().orElseThrow();
      // A block's brace is printed on the line of what it belongs to, which names that line.
      List<Statement> before = unit.findAll(Statement.class, s -> !s.isBlockStmt());
      List<Statement> after = reparsed.findAll(Statement.class, s -> !s.isBlockStmt());
      assertEquals(before.size(), after.size(), file::toString);
      int[] expected = new int[after.size()];
      int[] actual = new int[after.size()];
      for (int i = 0; i < after.size(); i++) {
        expected[i] = before.get(i).getBegin().orElseThrow().line;
        int line = after.get(i).getBegin().orElseThrow().line;
        // The first statement that starts on a printed line names it.
        boolean first = i == 0 || after.get(i - 1).getBegin().orElseThrow().line != line;
        actual[i] = first ? printed.originalLines()[line] : expected[i];
      }
      assertArrayEquals(expected, actual, file::toString);
    }
  }

  private static CompilationUnit parse(Path file) throws IOException {
    ParseResult<CompilationUnit> parsed =
        new JavaParser(new ParserConfiguration().setLanguageLevel(Rewriter.languageLevel(21)))
            .parse(Files.readString(file));
    // Test sources of unparseable constructs (local enums) are the rewriter's to refuse.
    return parsed.getResult().filter(u -> parsed.isSuccessful()).orElse(null);
  }

  private static List<Path> javaFiles(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(f -> f.toString().endsWith(".java"))
          .filter(f -> !f.toString().contains("/target/"))
          .sorted()
          .toList();
    }
  }
}
