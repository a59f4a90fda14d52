package dev.orthrus.cli.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.OrthrusCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code orthrus run}: the child JVM's command line, and the samples it refuses. */
class RunCommandTest {

  @Test
  void theProtectedModeRunsTheProtectedBuildWithItsSummary() {
    RunCommand run = new RunCommand();
    run.mode = "orthrus";
    run.port = 0;
    run.memoryMb = 8;
    run.threads = 2;
    run.itemSize = "1m";
    SampleBuilds builds =
        new SampleBuilds("kvcache", Path.of("v"), Path.of("p"), List.of(Path.of("runtime.jar")));
    List<String> command = run.command(builds);
    assertTrue(command.contains("-Dorthrus.summary=true"), command.toString());
    assertEquals(builds.classPath(true), command.get(command.indexOf("-cp") + 1));
    assertEquals(
        List.of("--mode", "orthrus", "--port", "0", "-m", "8", "-t", "2", "-I", "1m"),
        command.subList(command.size() - 10, command.size()));
  }

  @Test
  void aSampleThatIsNoServerIsAUsageError() {
    StringWriter err = new StringWriter();
    int code =
        OrthrusCommand.commandLine()
            .setErr(new PrintWriter(err))
            .execute("run", "order-book", "--port", "0");
    assertEquals(OrthrusCommand.EXIT_USAGE, code);
    assertTrue(err.toString().contains("only kvcache is a server"), err.toString());
  }
}
