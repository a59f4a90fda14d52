package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that call library code outside the sources ({@code src/test/resources/library-effects}:
 * {@code lib} is compiled on its own, as a third-party jar or another module would be). A call of
 * library code that draws a random number, reads a clock or changes a static registry is made by
 * APP alone and its result recorded, where VAL made it again: a different number (a false detection
 * on every execution) or a second entry in the registry (a changed output). A call of library code
 * that only computes is made by both (decision 0068).
 */
class LibraryEffectsTest {

  private static final Path LIB = Path.of("src/test/resources/library-effects/lib");
  private static final Path APP = Path.of("src/test/resources/library-effects/app");

  @Test
  void callsOfLibraryCodeWithEffectsAreRecordedAndPureOnesRunInBoth(@TempDir Path out)
      throws Exception {
    Path lib = compile(LIB, Builds.classPath(), out.resolve("lib"));
    instrument(lib, out);
    String calls = Builds.generated(out, "calls/Calls.java");
    // Each VAL variant: from its comment to the next closure.
    String[] parts = calls.split("// VAL variant");
    assertEquals(13, parts.length, calls);
    StringBuilder val = new StringBuilder();
    for (int i = 1; i < parts.length; i++) {
      int end = parts[i].indexOf("@Closure");
      val.append(end < 0 ? parts[i] : parts[i].substring(0, end));
    }
    for (String call :
        List.of(
            "Util.jitter()",
            "Util.clock()",
            "Audit.log(",
            "Audit.note(",
            ".read()",
            "new Span()",
            "LIMITS.getLimit()",
            "TALLY.increment(",
            "TALLY.computeIfAbsent(",
            ".seen.increment(",
            "TALLY.addAll(",
            "TALLY.get(")) {
      assertFalse(val.toString().contains(call), call + " in " + val);
    }
    assertTrue(val.toString().contains("java.util.Arrays.asList((Object) (\"noted \" + "), calls);
    assertTrue(val.toString().contains("Pure.fee("), "a pure call is validated: " + calls);
    assertTrue(val.toString().contains("TALLY.label(text"), "the closure's builder is filled");
    String report =
        Files.readString(out.resolve("classes").resolve(InstrumentReport.RESOURCE_PATH));
    assertTrue(
        report.contains("library code that reaches java.lang.Math#random() (random)"), report);
    assertTrue(
        report.contains("library code that reads the static field libx.Audit.LINES"), report);
    // A getter of a setting the application changes through the setter (an outside trial's
    // configuration bean of another module: 8,544 detections in 18,691 validations).
    assertTrue(report.contains("library code that reads the field libx.Limits.limit"), report);
  }

  @Test
  void noFalseDetectionAndTheRegistryHoldsWhatVanillasDoes(@TempDir Path out) throws Exception {
    Path lib = compile(LIB, Builds.classPath(), out.resolve("lib"));
    instrument(lib, out);
    List<Path> withLib = new ArrayList<>(Builds.classPath());
    withLib.add(lib);
    Path vanilla = compile(APP, withLib, out.resolve("vanilla"));
    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"));
    try (URLClassLoader p = loader(out.resolve("classes"), lib);
        URLClassLoader v = loader(vanilla, lib)) {
      assertEquals(run(v), run(p));
      assertTrue(rt.awaitDrained(30_000));
      assertEquals(List.of(), found, "no detection on a fault-free run");
      assertEquals(2_400, rt.validatedCount(), "every execution validated");
      assertEquals(0, rt.notValidatedCount());
    } finally {
      rt.close();
    }
  }

  private static void instrument(Path lib, Path out) throws InstrumentException {
    List<Path> classPath = new ArrayList<>(Builds.classPath());
    classPath.add(lib);
    Instrumenter.instrument(
        new InstrumentRequest(
            List.of(APP), classPath, out.resolve("generated"), out.resolve("classes"), 17));
  }

  private static Path compile(Path sources, List<Path> classPath, Path classes)
      throws InstrumentException, IOException {
    try (Stream<Path> files = Files.walk(sources)) {
      Javac.compile(
          files.filter(f -> f.toString().endsWith(".java")).toList(), classPath, 17, classes);
    }
    return classes;
  }

  private static URLClassLoader loader(Path classes, Path lib) throws IOException {
    return new URLClassLoader(
        new URL[] {classes.toUri().toURL(), lib.toUri().toURL()},
        LibraryEffectsTest.class.getClassLoader());
  }

  /** What does not depend on the random draws and the clock: totals, fees, the registry's size. */
  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> acc = loader.loadClass("calls.Acc");
    Class<?> calls = loader.loadClass("calls.Calls");
    Object a = acc.getConstructor().newInstance();
    var remote = calls.getMethod("remote", acc, int.class);
    var stamped = calls.getMethod("stamped", acc);
    var ticked = calls.getMethod("ticked", acc);
    var spanned = calls.getMethod("spanned", acc);
    var audited = calls.getMethod("audited", acc, int.class);
    var noted = calls.getMethod("noted", acc, int.class);
    var fee = calls.getMethod("fee", acc, int.class);
    var capped = calls.getMethod("capped", acc);
    var limit = calls.getMethod("limit", long.class);
    var tallied = calls.getMethod("tallied", acc, int.class);
    var renewed = calls.getMethod("renewed", acc, int.class);
    var metered = calls.getMethod("metered", acc);
    var swapped = calls.getMethod("swapped", acc);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      long r = (long) remote.invoke(null, a, i);
      stamped.invoke(null, a);
      ticked.invoke(null, a);
      spanned.invoke(null, a);
      out.append(r / 1_000).append(' ');
      out.append(audited.invoke(null, a, i)).append(' ');
      noted.invoke(null, a, i);
      out.append(fee.invoke(null, a, i)).append(' ');
      limit.invoke(null, 1_000L + i % 7);
      out.append(capped.invoke(null, a)).append(' ');
      out.append(tallied.invoke(null, a, i)).append(' ');
      out.append(renewed.invoke(null, a, i)).append(' ');
      out.append(metered.invoke(null, a)).append(' ');
      out.append(swapped.invoke(null, a)).append('\n');
    }
    out.append(loader.loadClass("libx.Audit").getMethod("size").invoke(null));
    out.append(' ').append(calls.getMethod("tally", String.class).invoke(null, "odd"));
    return out.toString();
  }
}
