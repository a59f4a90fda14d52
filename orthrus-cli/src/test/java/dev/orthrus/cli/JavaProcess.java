package dev.orthrus.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A child JVM run to its end, as a user runs {@code java}: its exit code and what it printed. */
final class JavaProcess {

  static final long TIMEOUT_SECONDS = 180;

  /** The packaged CLI, built by the package phase before failsafe runs. */
  static final Path ORTHRUS_JAR = Path.of(System.getProperty("orthrus.jar", "target/orthrus.jar"));

  record Outcome(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  private JavaProcess() {}

  /** {@code java -jar orthrus.jar args...}. */
  static Outcome orthrus(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("-jar", ORTHRUS_JAR.toString()));
    command.addAll(List.of(args));
    return java(command);
  }

  /** {@code java args...} with this JVM's {@code java}. */
  static Outcome java(List<String> args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(args);
    Path err = Files.createTempFile("orthrus-it-", ".err");
    Path out = Files.createTempFile("orthrus-it-", ".out");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError(
            String.join(" ", command) + " ran longer than " + TIMEOUT_SECONDS + " s");
      }
      return new Outcome(
          p.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
