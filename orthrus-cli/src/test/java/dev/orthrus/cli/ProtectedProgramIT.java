package dev.orthrus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.testkit.FaultHook;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A protected program run as a user runs it: its runtime starts from {@code -Dorthrus.*} at the
 * first closure call, a fault injected into one APP execution is reported on one line with its
 * reproducer, and {@code orthrus replay FILE --class-path <the program's classes>} replays it. The
 * program ({@code autostart-program/example/tally/Tally.java}) is compiled here into a folder of
 * its own, so the CLI can find its classes only through {@code --class-path}.
 */
class ProtectedProgramIT {

  private static final Path PROGRAM_SOURCE =
      Path.of("src", "test", "resources", "autostart-program", "example", "tally", "Tally.java");

  @TempDir Path work;

  /** The runtime, the annotations, the testkit's fault hook and the runtime's one library. */
  private static List<String> runtimeClassPath() throws URISyntaxException {
    List<String> entries = new ArrayList<>();
    for (Class<?> c :
        List.of(Orthrus.class, ClosureDescriptor.class, FaultHook.class, Histogram.class)) {
      entries.add(
          Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    }
    return entries;
  }

  private Path compileProgram() throws Exception {
    Path classes = Files.createDirectories(work.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int status =
        javac.run(
            null,
            null,
            null,
            "--release",
            "17",
            "-proc:none",
            "-cp",
            String.join(File.pathSeparator, runtimeClassPath()),
            "-d",
            classes.toString(),
            PROGRAM_SOURCE.toString());
    assertEquals(0, status, "the program does not compile");
    return classes;
  }

  /** {@code java properties... -cp classes:runtime example.tally.Tally}. */
  private static JavaProcess.Outcome runProgram(Path classes, String... properties)
      throws Exception {
    List<String> classPath = new ArrayList<>(List.of(classes.toString()));
    classPath.addAll(runtimeClassPath());
    List<String> args = new ArrayList<>(List.of(properties));
    args.addAll(List.of("-cp", String.join(File.pathSeparator, classPath), "example.tally.Tally"));
    return JavaProcess.java(args);
  }

  @Test
  void aDetectionInAProgramStartedByPropertiesIsReportedAndReplaysFromItsClassPath()
      throws Exception {
    assertTrue(Files.isRegularFile(JavaProcess.ORTHRUS_JAR), "run mvn verify, which packages it");
    Path classes = compileProgram();
    Path reproducers = work.resolve("sdc");

    JavaProcess.Outcome run =
        runProgram(classes, "-Dorthrus.sampling=all", "-Dorthrus.reproducers=" + reproducers);

    // main returned although validators were running: they are daemon threads.
    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(run.out().startsWith("total "), run::toString);
    List<String> lines = run.err().lines().toList();
    assertEquals(2, lines.size(), run::toString);
    Matcher detection =
        Pattern.compile(
                "orthrus: SDC detected in closure Tally\\.add \\(example\\.tally\\.Tally#add\\(long\\)\\),"
                    + " caller 1, thread main, CPU (-1|\\d+), validator CPU (-1|\\d+): .*;"
                    + " reproducer (\\S+)")
            .matcher(lines.get(0));
    assertTrue(detection.matches(), run::toString);
    // sampling=all: every one of the 1000 executions was validated, and one disagreed.
    assertEquals(
        "orthrus: 1000 executions validated, 0 not validated, 1 detection (reproducers in "
            + reproducers
            + ")",
        lines.get(1),
        run::toString);
    Path file = Path.of(detection.group(3));
    try (Stream<Path> written = Files.list(reproducers)) {
      assertEquals(List.of(file), written.collect(Collectors.toList()), run::toString);
    }

    JavaProcess.Outcome replay =
        JavaProcess.orthrus("replay", file.toString(), "--class-path", classes.toString());
    assertEquals(OrthrusCommand.EXIT_OK, replay.exitCode(), replay::toString);
    assertTrue(replay.out().startsWith("closure Tally.add (app CPU "), replay::toString);
    assertTrue(
        replay.out().contains("replay matches the validator's result: this CPU computes correctly"),
        replay::toString);
    // A detection whose two executions ran on one CPU does not point at a core: the replay says so.
    boolean oneCpu =
        !detection.group(1).equals("-1") && detection.group(1).equals(detection.group(2));
    assertEquals(
        oneCpu,
        replay.out().contains("note: the application and the validator ran on the same CPU"),
        replay::toString);

    // Without the program's classes the file cannot be read: bad input, and nothing of it runs.
    JavaProcess.Outcome blind = JavaProcess.orthrus("replay", file.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, blind.exitCode(), blind::toString);
    assertTrue(blind.err().contains("class path"), blind::toString);
  }

  @Test
  void aBadPropertyStopsTheProgramAtItsFirstClosureCallNamingIt() throws Exception {
    JavaProcess.Outcome run = runProgram(compileProgram(), "-Dorthrus.mode=maybe");
    assertEquals(1, run.exitCode(), run::toString);
    assertTrue(
        run.err()
            .contains(
                "-Dorthrus.mode=maybe (not one of the accepted values); accepted: off, on, strict"),
        run::toString);
  }
}
