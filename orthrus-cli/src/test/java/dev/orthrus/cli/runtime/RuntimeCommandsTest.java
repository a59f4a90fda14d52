package dev.orthrus.cli.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.model.json.JsonReader;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.report.ReproducerFile;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.runtime.validate.Mismatch;
import dev.orthrus.runtime.validate.OutputComparator;
import dev.orthrus.runtime.validate.Validator;
import dev.orthrus.testkit.FaultHook;
import dev.orthrus.testkit.KvMap;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuntimeCommandsTest {

  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cli = OrthrusCommand.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit = cli.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(String text) {
    return (Map<String, Object>) JsonReader.parse(text);
  }

  @Test
  void stressPrintsTheIssueFields() {
    Run r = run("stress", "--threads", "2", "--ops", "20000", "--json");
    assertEquals(0, r.exit(), r.err());
    Map<String, Object> json = json(r.out());
    assertEquals(1L, json.get("schemaVersion"));
    assertEquals(20000L, json.get("operations"));
    assertEquals(
        (long) json.get("executions"),
        (long) json.get("validated") + (long) json.get("notValidated"));
    assertEquals(0L, json.get("detections"));
  }

  @Test
  void stressRejectsBadArguments() {
    assertEquals(OrthrusCommand.EXIT_USAGE, run("stress", "--threads", "0").exit());
  }

  @Test
  void benchRuntimePrintsTheIssueFields() {
    Run r =
        run(
            "bench",
            "runtime",
            "--json",
            "--pairs",
            "1",
            "--round-ms",
            "20",
            "--keys",
            "200",
            "--no-pin");
    assertEquals(0, r.exit(), r.err());
    Map<String, Object> json = json(r.out());
    assertEquals(1L, json.get("schemaVersion"));
    @SuppressWarnings("unchecked")
    Map<String, Object> ratios = (Map<String, Object>) json.get("ratios");
    for (String ratio :
        List.of(
            "protectedVsDisabled",
            "protectedVsVanilla",
            "disabledVsVanilla",
            "protectedVsDisabledCpu",
            "protectedVsVanillaCpu",
            "disabledVsVanillaCpu")) {
      assertTrue(ratios.get(ratio) instanceof Double, ratio + " in " + r.out());
    }
    assertEquals(1, ((List<?>) ratios.get("disabledVsVanillaSets")).size(), r.out());
    assertEquals(1L, json.get("roundSets"));
    for (String field :
        List.of(
            "validationLatencyMeanUs",
            "validationLatencyP99Us",
            "strictAddedLatencyP50Us",
            "validatedFraction",
            "samplingRateMedian",
            "protectedVsDisabledCpu")) {
      assertTrue(json.containsKey(field), field + " missing in " + r.out());
    }
    assertEquals(0L, json.get("detections"));
    assertEquals(false, json.get("pinned"));
    assertEquals(0.04, (Double) json.get("overheadBudget"), 1e-9);
    // Not pinned, so the line between the two CPUs is not measured.
    assertTrue(json.containsKey("cacheLineTransferNs"), r.out());
    assertNull(json.get("cacheLineTransferNs"), r.out());
    // The collector that priced the versioned stores (decision 0057): this JVM's.
    assertEquals(BenchRuntimeCommand.collector(), json.get("collector"), r.out());
    assertFalse(((String) json.get("collector")).isEmpty(), r.out());
  }

  @Test
  void benchRuntimeRejectsABadOverheadBudget() {
    Run r = run("bench", "runtime", "--overhead-budget", "0", "--pairs", "1");
    assertEquals(OrthrusCommand.EXIT_USAGE, r.exit());
    assertTrue(r.err().contains("overhead budget"), r.err());
  }

  @Test
  void replayReproducesADetection() throws Exception {
    List<Detection> found = new CopyOnWriteArrayList<>();
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .policy(DetectionPolicy.CALLBACK)
                .callback(found::add)
                .reproducerDir(dir)
                .err(null)
                .build())) {
      KvMap map = new KvMap(rt, 16);
      map.set("k", new byte[] {1, 2, 3}, 0);
      FaultHook.arm(new FaultHook.Fault(KvMap.SITE_GET_VALUE_BYTE, 2, 1));
      try {
        map.get("k");
      } finally {
        FaultHook.disarm();
      }
      assertTrue(rt.awaitDrained(10_000));
    }
    assertEquals(1, found.size());
    Path file = found.get(0).reproducer();
    Run r = run("replay", file.toString(), "--json");
    assertEquals(0, r.exit(), r.out() + r.err());
    Map<String, Object> json = json(r.out());
    assertEquals("MATCHES_VALIDATOR", json.get("outcome"), r.out());
    assertEquals("KvMap.get", json.get("closure"), r.out());
  }

  /**
   * A reproducer of an application closure outside Orthrus: its classes come from {@code
   * --class-path}, and without it the file is refused with the class named.
   */
  @Test
  void replayLoadsTheApplicationFromTheClassPath() throws Exception {
    Path src = dir.resolve("src/demo/Counter.java");
    Files.createDirectories(src.getParent());
    Files.writeString(
        src,
        String.join(
            "\n",
            "package demo;",
            "public final class Counter implements java.io.Serializable {",
            "  public static final dev.orthrus.runtime.api.ClosureBinding TWICE =",
            "      dev.orthrus.runtime.api.ClosureBinding.of(\"demo.Counter#twice(long)\", \"Counter.twice\",",
            "          (log, r) -> r.returnBits(((Counter) log.receiver()).factor * log.bitsArg(0)));",
            "  final long factor = 2;",
            "}"));
    Path classes = dir.resolve("classes");
    int javac =
        ToolProvider.getSystemJavaCompiler()
            .run(
                null,
                null,
                null,
                "-d",
                classes.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                src.toString());
    assertEquals(0, javac);
    Path file;
    try (URLClassLoader app =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      Class<?> counter = Class.forName("demo.Counter", true, app);
      ClosureBinding twice = (ClosureBinding) counter.getField("TWICE").get(null);
      // APP computed 2 x 21 = 43 on a faulty core.
      ClosureLog log =
          ClosureLog.restore(
              twice,
              0,
              3,
              "worker-1",
              counter.getDeclaredConstructor().newInstance(),
              new Object[0],
              new long[] {21},
              new Version[0],
              new Version[0],
              new Object[0],
              new long[0],
              new Object[0],
              ResultKind.BITS,
              43,
              null);
      Mismatch m = Validator.check(log, new Replay(), new OutputComparator());
      assertEquals(MismatchKind.RESULT, m.kind());
      file = ReproducerFile.write(dir, log, m, 1);
    }
    Run r = run("replay", file.toString(), "--class-path", classes.toString(), "--json");
    assertEquals(0, r.exit(), r.out() + r.err());
    assertEquals("MATCHES_VALIDATOR", json(r.out()).get("outcome"), r.out());
    assertEquals(List.of(), json(r.out()).get("changedClasses"), r.out());

    Run without = run("replay", file.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, without.exit(), without.out() + without.err());
    assertTrue(without.err().contains("demo.Counter"), without.err());

    // The program rebuilt after a change: the replay's result is not the CPU's doing, and it says
    // so.
    Files.writeString(src, Files.readString(src).replace("factor = 2", "factor = 3"));
    Path rebuilt = dir.resolve("rebuilt");
    assertEquals(
        0,
        ToolProvider.getSystemJavaCompiler()
            .run(
                null,
                null,
                null,
                "-d",
                rebuilt.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                src.toString()));
    Run changed = run("replay", file.toString(), "--class-path", rebuilt.toString());
    assertEquals(OrthrusCommand.EXIT_FINDINGS, changed.exit(), changed.out() + changed.err());
    assertTrue(
        changed.out().contains("note: the class files of demo.Counter differ from those of the"),
        changed.out());
    Run changedJson = run("replay", file.toString(), "--class-path", rebuilt.toString(), "--json");
    assertEquals(List.of("demo.Counter"), json(changedJson.out()).get("changedClasses"));
  }

  /** A crafted file: exit 3 (a hang fails the test; the bar is well under a second). */
  private Run replayCrafted(Path file) {
    return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> run("replay", file.toString()));
  }

  @Test
  void replayOfACompleteFileWithMissingPartsIsBadInput() throws Exception {
    Path file =
        CraftedReproducers.write(
            dir.resolve("holes"),
            CraftedReproducers.snapshot(CraftedReproducers.Echo.ID, "RESULT", null));
    Run r = replayCrafted(file);
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, r.exit(), r.out() + r.err());
    assertTrue(r.err().contains("incomplete"), r.err());
  }

  @Test
  void replayOfAnUnknownMismatchKindIsBadInput() throws Exception {
    Path file =
        CraftedReproducers.write(
            dir.resolve("kind"),
            CraftedReproducers.snapshot(CraftedReproducers.Echo.ID, "COSMIC_RAY", new Object[0]));
    Run r = replayCrafted(file);
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, r.exit(), r.out() + r.err());
    assertTrue(r.err().contains("COSMIC_RAY"), r.err());
  }

  @Test
  void replayOfAHugeFileIsBadInputWithoutReadingIt() throws Exception {
    Path file =
        CraftedReproducers.write(
            dir.resolve("huge"),
            CraftedReproducers.snapshot(CraftedReproducers.Echo.ID, "RESULT", new Object[0]));
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(3L << 30); // 3 GB, sparse
    }
    Run r = replayCrafted(file);
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, r.exit(), r.out() + r.err());
    assertTrue(r.err().contains("larger than any reproducer"), r.err());
  }

  @Test
  void replayOfADeserializationBombIsBadInput() throws Exception {
    Path file =
        CraftedReproducers.write(
            dir.resolve("bomb"),
            CraftedReproducers.snapshot(
                CraftedReproducers.Echo.ID,
                "RESULT",
                new Object[] {CraftedReproducers.nestedSets(40)}));
    Run r = replayCrafted(file);
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, r.exit(), r.out() + r.err());
    assertTrue(r.err().contains("nested deeper"), r.err());
  }

  @Test
  void replayRunsNoStaticInitializerOfAClassTheFileNames() throws Exception {
    System.clearProperty(CraftedReproducers.Tripwire.PROPERTY);
    Path file =
        CraftedReproducers.write(
            dir.resolve("tripwire"),
            CraftedReproducers.snapshot(
                CraftedReproducers.Tripwire.class.getName() + "#f()", "RESULT", new Object[0]));
    Run r = replayCrafted(file);
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, r.exit(), r.out() + r.err());
    assertTrue(r.err().contains("not known here"), r.err());
    assertNull(
        System.getProperty(CraftedReproducers.Tripwire.PROPERTY),
        "the static initializer of a class named by the file ran");
  }

  @Test
  void anOutOfMemoryErrorWhileReplayingIsNeverAVerdict() throws Exception {
    Path file =
        CraftedReproducers.write(
            dir.resolve("hog"),
            CraftedReproducers.snapshot(CraftedReproducers.Hog.ID, "RESULT", new Object[0]));
    Run r = replayCrafted(file);
    assertNotEquals(OrthrusCommand.EXIT_FINDINGS, r.exit(), r.out() + r.err());
    assertEquals(OrthrusCommand.EXIT_INTERNAL, r.exit(), r.out() + r.err());
    assertTrue(r.err().contains("OutOfMemoryError") && r.err().contains("no verdict"), r.err());
  }

  @Test
  void replayOfAForeignOrMissingFileIsBadInput() throws Exception {
    Path junk = dir.resolve("junk.orthrus-repro");
    Files.writeString(junk, "not a reproducer");
    Run r = run("replay", junk.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, r.exit());
    assertTrue(r.err().contains("not an Orthrus reproducer"), r.err());
    assertEquals(
        OrthrusCommand.EXIT_BAD_INPUT, run("replay", dir.resolve("none").toString()).exit());
    Run folder = run("replay", dir.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, folder.exit());
    assertTrue(folder.err().contains("a folder, not a reproducer file"), folder.err());
  }

  /** A CPU this machine does not have is a usage error, not an unpinned replay that names one. */
  @Test
  void replayOnACpuTheMachineDoesNotHaveIsAUsageError() throws Exception {
    Path junk = dir.resolve("any.orthrus-repro");
    Files.writeString(junk, "not read");
    int cpus = Runtime.getRuntime().availableProcessors();
    Run r = run("replay", junk.toString(), "--cpu", String.valueOf(cpus));
    assertEquals(OrthrusCommand.EXIT_USAGE, r.exit(), r.err());
    assertTrue(r.err().contains("no CPU " + cpus + " here"), r.err());
  }
}
