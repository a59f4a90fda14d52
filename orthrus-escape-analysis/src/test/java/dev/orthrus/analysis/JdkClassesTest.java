package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.analysis.program.JdkClasses;
import dev.orthrus.model.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Classes compiled for a newer Java than the analysis runs on: the JDK classes they use are never
 * "missing dependencies", and the report says which JDK to run on.
 */
class JdkClassesTest {

  /**
   * A class file for Java 21 (written with ASM: javac on JDK 17 cannot target 21) that uses {@code
   * java.lang.MatchException} (Java 21), a JDK class no JDK has, and a missing dependency.
   */
  private static Path java21Classes(Path dir) throws IOException {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(
        Opcodes.V21,
        Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER,
        "future/Matcher",
        null,
        "java/lang/Object",
        null);
    cw.visitSource("Matcher.java", null);
    MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
    init.visitCode();
    init.visitVarInsn(Opcodes.ALOAD, 0);
    init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    init.visitInsn(Opcodes.RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    MethodVisitor run =
        cw.visitMethod(Opcodes.ACC_PUBLIC, "run", "()Ljava/lang/Object;", null, null);
    run.visitCode();
    run.visitTypeInsn(Opcodes.NEW, "java/lang/MatchException");
    run.visitInsn(Opcodes.DUP);
    run.visitInsn(Opcodes.ACONST_NULL);
    run.visitInsn(Opcodes.ACONST_NULL);
    run.visitMethodInsn(
        Opcodes.INVOKESPECIAL,
        "java/lang/MatchException",
        "<init>",
        "(Ljava/lang/String;Ljava/lang/Throwable;)V",
        false);
    run.visitInsn(Opcodes.POP);
    run.visitMethodInsn(
        Opcodes.INVOKESTATIC, "java/lang/NotYetInvented", "now", "()Ljava/lang/Object;", false);
    run.visitInsn(Opcodes.POP);
    run.visitMethodInsn(
        Opcodes.INVOKESTATIC, "com/example/Gone", "get", "()Ljava/lang/Object;", false);
    run.visitInsn(Opcodes.ARETURN);
    run.visitMaxs(0, 0);
    run.visitEnd();
    cw.visitEnd();
    Path file = dir.resolve("future/Matcher.class");
    Files.createDirectories(file.getParent());
    Files.write(file, cw.toByteArray());
    return dir;
  }

  @Test
  void jdkClassesAreNeverMissingDependencies(@TempDir Path dir) throws IOException {
    AnalysisReport report = EscapeAnalyzer.analyze(AnalysisInput.of(java21Classes(dir)));

    assertEquals(List.of("com.example.Gone"), report.missingClasses());
    List<Diagnostic> newerJdk =
        report.diagnostics().stream()
            .filter(d -> d.key().equals(EscapeAnalyzer.NEWER_JDK))
            .toList();
    assertEquals(1, newerJdk.size(), report.diagnostics()::toString);
    String message = newerJdk.get(0).message();
    assertTrue(message.contains("java.lang.NotYetInvented"), message);
    assertTrue(
        report.diagnostics().stream()
            .filter(d -> d.key().equals(EscapeAnalyzer.MISSING_CLASSES))
            .allMatch(
                d ->
                    d.message().contains("com.example.Gone") && !d.message().contains("java.lang")),
        report.diagnostics()::toString);
    if (Runtime.version().feature() < 21) {
      assertTrue(
          message.startsWith(
              "the classes are compiled for Java 21 and the analysis runs on JDK "
                  + Runtime.version().feature()),
          message);
      assertTrue(message.contains("java.lang.MatchException"), message);
      assertTrue(
          message.endsWith("run orthrus on JDK 21 or newer for a complete analysis"), message);
    } else {
      assertFalse(
          message.contains("java.lang.MatchException"),
          "JDK " + Runtime.version().feature() + " has it: " + message);
    }
  }

  @Test
  void platformPackagesAreTheJdks() {
    assertTrue(JdkClasses.isJdkClass("java.lang.MatchException"));
    assertTrue(JdkClasses.isJdkClass("javax.annotation.processing.Processor"));
    assertTrue(JdkClasses.isJdkClass("sun.misc.Unsafe"));
    assertFalse(JdkClasses.isJdkClass("javax.inject.Inject"));
    assertFalse(JdkClasses.isJdkClass("dev.orthrus.annotations.Closure"));
  }

  @Test
  void newestReleaseReadsClassFileVersions(@TempDir Path dir) throws IOException {
    assertEquals(21, JdkClasses.newestRelease(List.of(java21Classes(dir))));
    assertEquals(0, JdkClasses.newestRelease(List.of(dir.resolve("none"))));
  }
}
