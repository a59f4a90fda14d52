package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputValidationTest {

  @Test
  void missingInputIsBadInput() {
    AnalysisException e =
        assertThrows(
            AnalysisException.class,
            () -> EscapeAnalyzer.analyze(AnalysisInput.of(Path.of("does/not/exist"))));
    assertTrue(e.badInput());
    assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
  }

  @Test
  void missingClasspathEntryIsBadInput() {
    AnalysisException e =
        assertThrows(
            AnalysisException.class,
            () ->
                EscapeAnalyzer.analyze(
                    AnalysisInput.of(Fixtures.compile("escape"))
                        .withClasspath(List.of(Path.of("no-such.jar")))));
    assertTrue(e.badInput());
  }

  @Test
  void nothingToAnalyzeIsBadInput() {
    AnalysisException e =
        assertThrows(
            AnalysisException.class,
            () -> EscapeAnalyzer.analyze(new AnalysisInput(List.of(), List.of(), null, false)));
    assertTrue(e.badInput());
  }

  @Test
  void emptyFolderGivesAnEmptyReport(@TempDir Path empty) {
    AnalysisReport r = EscapeAnalyzer.analyze(AnalysisInput.of(empty));
    assertEquals(List.of(), r.closures());
  }

  @Test
  void aCorruptClassFileIsReportedNotFatal(@TempDir Path dir) throws Exception {
    Path classes = Fixtures.compile("calls");
    Files.walk(classes)
        .filter(Files::isRegularFile)
        .forEach(
            p -> {
              try {
                Path target = dir.resolve(classes.relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target);
              } catch (Exception e) {
                throw new RuntimeException(e);
              }
            });
    Files.write(
        dir.resolve("fixtures/calls/Broken.class"), new byte[] {(byte) 0xCA, (byte) 0xFE, 1, 2, 3});
    AnalysisException e = null;
    AnalysisReport r = null;
    try {
      r = EscapeAnalyzer.analyze(AnalysisInput.of(dir));
    } catch (AnalysisException ex) {
      e = ex;
    }
    // Either a clear bad-input error or a report; never a raw Soot exception.
    assertTrue(r != null || e.badInput(), String.valueOf(e));
  }
}
