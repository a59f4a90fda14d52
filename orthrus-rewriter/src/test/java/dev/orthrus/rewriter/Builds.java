package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.report.ReproducerFile;
import dev.orthrus.runtime.sample.FixedSampling;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Builds a source folder twice, vanilla and protected, for tests that compare the two. */
final class Builds {

  /** The test's own class path: it holds orthrus-annotations and orthrus-runtime. */
  static List<Path> classPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(Path::of)
        .toList();
  }

  static InstrumentResult instrument(Path sources, Path out) throws InstrumentException {
    return Instrumenter.instrument(
        new InstrumentRequest(
            List.of(sources), classPath(), out.resolve("generated"), out.resolve("classes"), 17));
  }

  /**
   * The rewritten source of {@code file} ({@code "locks/Counter.java"}) that {@link #instrument}
   * wrote.
   */
  static String generated(Path out, String file) throws IOException {
    return Files.readString(out.resolve("generated").resolve(file));
  }

  static Path vanilla(Path sources, Path out) throws InstrumentException {
    Path classes = out.resolve("vanilla");
    try (Stream<Path> files = Files.walk(sources)) {
      Javac.compile(
          files.filter(f -> f.toString().endsWith(".java")).toList(), classPath(), 17, classes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return classes;
  }

  /** A loader of {@code classes} whose parent holds the runtime, shared by both builds. */
  static URLClassLoader loader(Path... classes) {
    try {
      URL[] urls = new URL[classes.length];
      for (int i = 0; i < classes.length; i++) {
        urls[i] = classes[i].toUri().toURL();
      }
      return new URLClassLoader(urls, Builds.class.getClassLoader());
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** A runtime that logs and validates every execution, installed for generated code. */
  static OrthrusRuntime validatingEverything() {
    OrthrusRuntime rt =
        OrthrusRuntime.start(
            RuntimeConfig.builder().sampling(() -> new FixedSampling(1.0)).validators(1).build());
    rt.blockWhenFull(true);
    Orthrus.install(rt);
    return rt;
  }

  /**
   * A runtime that logs every execution and validates none until the test adds a validator ({@code
   * rt.validators().add()}), installed for generated code: the control path can change what the
   * executions read before they are validated, the worst case of a race with it.
   */
  static OrthrusRuntime validationHeldBack() {
    OrthrusRuntime rt =
        OrthrusRuntime.start(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(0)
                .err(null)
                .build());
    Orthrus.install(rt);
    return rt;
  }

  /**
   * A runtime that logs and validates every execution, hands each detection to {@code found} and
   * writes reproducers into {@code reproducers}, installed for generated code.
   */
  static OrthrusRuntime detecting(List<Detection> found, Path reproducers) {
    return detecting(found, reproducers, 1.0);
  }

  /** {@link #detecting(List, Path)} logging {@code rate} of the executions of a site. */
  static OrthrusRuntime detecting(List<Detection> found, Path reproducers, double rate) {
    OrthrusRuntime rt =
        OrthrusRuntime.start(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(rate))
                .policy(DetectionPolicy.CALLBACK)
                .callback(found::add)
                .reproducerDir(reproducers)
                .err(null)
                .build());
    rt.blockWhenFull(true);
    Orthrus.install(rt);
    return rt;
  }

  /** Every logged execution, at least {@code minimum}, was validated, and none was a detection. */
  static void assertAllValidated(OrthrusRuntime rt, long minimum) {
    assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
    assertTrue(rt.publishedCount() >= minimum, "logged: " + rt.publishedCount());
    assertEquals(
        rt.publishedCount(),
        rt.validatedCount(),
        () -> "every execution is validated: " + rt.notValidatedByClosure());
    assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
  }

  /**
   * Compiles {@code source}, a class {@code unseen.<name>} the protected build never saw (a test's,
   * another module's), against the build's classes in {@code out}; returns its classes folder.
   */
  static Path outOfSight(Path out, String name, String source) throws Exception {
    Path unseen = out.resolve("unseen");
    Path file = Files.createDirectories(unseen.resolve("src/unseen")).resolve(name + ".java");
    Files.writeString(file, source);
    List<Path> path = new ArrayList<>(classPath());
    path.add(out.resolve("classes"));
    Javac.compile(List.of(file), path, 17, unseen.resolve("classes"));
    return unseen.resolve("classes");
  }

  /**
   * Of {@code published} logged executions, all but {@code notValidated} were validated, those were
   * not for a reason naming {@code reason}, and none was a detection.
   */
  static void assertNotValidated(
      OrthrusRuntime rt, long published, long notValidated, String reason) {
    assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
    assertEquals(published, rt.publishedCount());
    assertEquals(
        published - notValidated, rt.validatedCount(), () -> rt.notValidatedByClosure().toString());
    assertEquals(notValidated, rt.notValidatedCount());
    assertTrue(
        rt.notValidatedByClosure().toString().contains(reason),
        () -> rt.notValidatedByClosure().toString());
    assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
  }

  /**
   * Of {@code published} logged executions, none was a detection and some were not validated (how
   * many depends on when the validator ran), for reasons that name each of {@code reasons}.
   */
  static void assertSomeNotValidated(OrthrusRuntime rt, long published, String... reasons) {
    assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
    assertEquals(published, rt.publishedCount());
    assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
    assertEquals(published, rt.validatedCount() + rt.notValidatedCount());
    String all = rt.notValidatedByClosure().toString();
    assertTrue(rt.notValidatedCount() > 0, all);
    for (String reason : reasons) {
      assertTrue(all.contains(reason), () -> reason + " in " + all);
    }
  }

  /** A program run in one build's loader, for {@link #assertSameAsVanilla}. */
  @FunctionalInterface
  interface Program {
    Object run(ClassLoader loader) throws ReflectiveOperationException;
  }

  /**
   * Builds {@code sources} protected and vanilla, runs {@code program} in each with every execution
   * logged, and checks that both compute the same and that at least {@code validated} executions
   * were validated without a detection.
   */
  static void assertSameAsVanilla(Path sources, Path out, Program program, long validated)
      throws Exception {
    assertSameAsVanilla(sources, out, program, rt -> assertAllValidated(rt, validated));
  }

  /**
   * {@link #assertSameAsVanilla(Path, Path, Program, long)} with {@code validation} checking the
   * runtime's counts instead, after both runs.
   */
  static void assertSameAsVanilla(
      Path sources, Path out, Program program, Consumer<OrthrusRuntime> validation)
      throws Exception {
    instrument(sources, out);
    Path vanilla = vanilla(sources, out);
    OrthrusRuntime rt = validatingEverything();
    try (URLClassLoader p = loader(out.resolve("classes"));
        URLClassLoader v = loader(vanilla)) {
      assertEquals(program.run(v), program.run(p));
      validation.accept(rt);
    } finally {
      rt.close();
    }
  }

  private Builds() {}

  /**
   * A faulty core in generated code: replaces {@code healthy}, the first after {@code method} in
   * the generated {@code file} (a path ending, {@code bank/Savings.java}), with {@code faulty},
   * compiles the generated sources into {@code out/faulty} and returns that folder.
   */
  static Path recompiledWith(
      InstrumentResult result, Path out, String file, String method, String healthy, String faulty)
      throws Exception {
    Path source =
        result.generatedSources().stream()
            .filter(p -> p.endsWith(Path.of(file)))
            .findFirst()
            .orElseThrow();
    String text = Files.readString(source, StandardCharsets.UTF_8);
    int in = text.indexOf(method);
    int at = text.indexOf(healthy, in);
    assertTrue(in > 0 && at > in, () -> "no " + healthy + " in " + method + ":\n" + text);
    Files.writeString(
        source,
        text.substring(0, at) + faulty + text.substring(at + healthy.length()),
        StandardCharsets.UTF_8);
    Path faultyClasses = out.resolve("faulty");
    Javac.compile(result.generatedSources(), classPath(), 17, faultyClasses);
    return faultyClasses;
  }

  /** The detection's reproducer, re-executed from its file, computes what the validator did. */
  static void assertReplaysToValidator(Detection d, ClassLoader loader) throws Exception {
    ReproducerFile.Snapshot snapshot = ReproducerFile.read(d.reproducer(), loader);
    assertEquals(
        ReproducerFile.Outcome.MATCHES_VALIDATOR,
        ReproducerFile.replay(snapshot, loader, -1).outcome(),
        "re-executed from the file, the closure computes what the validator computed");
  }
}
