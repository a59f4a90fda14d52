package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Orthrus;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The protected classes carry the line numbers of the user's source ({@code
 * src/test/resources/original-lines}), not those of the generated file: an exception thrown in a
 * closure, in a lambda it runs or in a helper it calls names the same lines as in the vanilla
 * build, whichever variant ran.
 */
class OriginalLinesTest {

  private static final Path SOURCES = Path.of("src/test/resources/original-lines");
  private static final String TALLY = "lines.Tally";

  @Test
  void exceptionsNameTheLinesOfTheUsersSource(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    Path vanilla = Builds.vanilla(SOURCES, out);
    List<String> original = Files.readAllLines(SOURCES.resolve("lines/Tally.java"));
    assertTrue(
        Builds.generated(out, "lines/Tally.java").lines().count() > 2L * original.size(),
        "the generated file is longer: its own line numbers would name other lines");

    try (URLClassLoader v = Builds.loader(vanilla);
        URLClassLoader p = Builds.loader(out.resolve("classes"))) {
      for (Call call : Call.values()) {
        List<Integer> expected = tallyLines(call.run(v));
        assertEquals(
            marked(original, call.marker),
            expected.get(0),
            call + ": the vanilla build throws at the marked line");
        OrthrusRuntime rt = Builds.validatingEverything();
        try {
          assertStartsWith(expected, tallyLines(call.run(p)), call + ", logged (APP variant)");
        } finally {
          rt.close();
        }
        Orthrus.install(Orthrus.validationOff());
        assertStartsWith(expected, tallyLines(call.run(p)), call + ", not logged (plain variant)");
      }
    }
  }

  @Test
  void everyLineNumberOfTheProtectedClassesIsALineOfTheSource(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    List<String> original = Files.readAllLines(SOURCES.resolve("lines/Tally.java"));
    TreeSet<Integer> lines = new TreeSet<>();
    try (Stream<Path> files = Files.walk(out.resolve("classes/lines"))) {
      for (Path f : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        lines.addAll(lineNumbers(f));
      }
    }
    assertTrue(lines.size() > 10, "the classes have line numbers: " + lines);
    for (int line : lines) {
      assertTrue(line >= 1 && line <= original.size(), "line " + line + " of " + original.size());
      String text = original.get(line - 1).strip();
      assertNotEquals("", text, "line " + line + " is blank");
      assertTrue(
          !text.startsWith("*") && !text.startsWith("/*") && !text.startsWith("//"),
          "line " + line + " is a comment: " + text);
    }
  }

  /**
   * Consecutive stores to one object's fields become one helper call; it stands at the first
   * store's line, not at the closure's declaration (outside trial 10: a breakpoint on the stores
   * never hit, and fault sites there were labeled with the declaration's line).
   */
  @Test
  void aRunOfStoresMadeOneStandsAtItsFirstLine(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    List<String> original = Files.readAllLines(SOURCES.resolve("lines/Tally.java"));
    int run = marked(original, "run");
    Map<String, List<Integer>> byMethod = new TreeMap<>();
    new ClassReader(Files.readAllBytes(out.resolve("classes/lines/Tally.class")))
        .accept(
            new ClassVisitor(Opcodes.ASM9) {
              @Override
              public MethodVisitor visitMethod(
                  int access, String name, String desc, String signature, String[] thrown) {
                List<Integer> lines = byMethod.computeIfAbsent(name, k -> new ArrayList<>());
                return new MethodVisitor(Opcodes.ASM9) {
                  @Override
                  public void visitLineNumber(int line, Label start) {
                    lines.add(line);
                  }
                };
              }
            },
            0);
    for (String variant : List.of("absorbPlain", "absorbApp", "absorbVal")) {
      List<Integer> lines = byMethod.get(variant);
      assertNotNull(lines, variant + " in " + byMethod.keySet());
      // The declaration's line stands for the argument checks the rewriter adds.
      assertTrue(lines.contains(run), variant + ": " + lines);
      assertTrue(Set.of(run - 1, run, run + 2).containsAll(lines), variant + ": " + lines);
    }
  }

  /** The closures' calls that throw, and the marker of the line each throws at. */
  private enum Call {
    ADD_NEGATIVE("throw") {
      @Override
      Object invoke(Class<?> tally, Object t) throws ReflectiveOperationException {
        return tally.getMethod("add", long.class).invoke(t, -1L);
      }
    },
    SHARE_BY_ZERO("divide") {
      @Override
      Object invoke(Class<?> tally, Object t) throws ReflectiveOperationException {
        return tally.getMethod("share", int.class).invoke(t, 0);
      }
    },
    HELPER_IN_LAMBDA("helper") {
      @Override
      Object invoke(Class<?> tally, Object t) throws ReflectiveOperationException {
        return tally.getMethod("sumAll", List.class).invoke(t, List.of(1L, 13L));
      }
    },
    /** The closure's frame names the try block's closing brace, where javac calls close(). */
    CLOSE_THROWS("close") {
      @Override
      Object invoke(Class<?> tally, Object t) throws ReflectiveOperationException {
        Class<?> ledger = tally.getClassLoader().loadClass(TALLY + "$Ledger");
        return tally.getMethod("settle", ledger).invoke(t, ledger.getConstructor().newInstance());
      }
    };

    final String marker;

    Call(String marker) {
      this.marker = marker;
    }

    abstract Object invoke(Class<?> tally, Object t) throws ReflectiveOperationException;

    /** The exception the call throws in {@code loader}'s build. */
    Throwable run(ClassLoader loader) throws ReflectiveOperationException {
      Class<?> tally = loader.loadClass(TALLY);
      try {
        invoke(tally, tally.getConstructor().newInstance());
      } catch (InvocationTargetException e) {
        return e.getCause();
      }
      throw new AssertionError(this + " did not throw");
    }
  }

  /** The lines of the stack's frames in the tally's classes, innermost first; -1 for none. */
  private static List<Integer> tallyLines(Throwable thrown) {
    List<Integer> lines = new ArrayList<>();
    for (StackTraceElement frame : thrown.getStackTrace()) {
      if (frame.getClassName().startsWith(TALLY)) {
        lines.add(frame.getLineNumber());
      }
    }
    return lines;
  }

  /**
   * {@code actual} holds the vanilla frames' lines first, in order; the protected build's own
   * frames below them (the logged path, the dispatcher) name lines of the source or none.
   */
  private static void assertStartsWith(List<Integer> expected, List<Integer> actual, String what) {
    assertTrue(actual.size() >= expected.size(), what + ": " + actual + " against " + expected);
    assertEquals(expected, actual.subList(0, expected.size()), what);
  }

  private static int marked(List<String> lines, String marker) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains("// marker:" + marker)) {
        return i + 1;
      }
    }
    throw new AssertionError("no marker " + marker);
  }

  private static List<Integer> lineNumbers(Path classFile) throws IOException {
    List<Integer> lines = new ArrayList<>();
    boolean[] fromTally = new boolean[1];
    new ClassReader(Files.readAllBytes(classFile))
        .accept(
            new ClassVisitor(Opcodes.ASM9) {
              @Override
              public void visitSource(String source, String debug) {
                fromTally[0] = source.equals("Tally.java");
              }

              @Override
              public MethodVisitor visitMethod(
                  int access, String name, String desc, String signature, String[] thrown) {
                return new MethodVisitor(Opcodes.ASM9) {
                  @Override
                  public void visitLineNumber(int line, Label start) {
                    lines.add(line);
                  }
                };
              }
            },
            0);
    return fromTally[0] ? lines : List.of();
  }
}
