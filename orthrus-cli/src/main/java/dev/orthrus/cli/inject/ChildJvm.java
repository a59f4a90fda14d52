package dev.orthrus.cli.inject;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A run of a sample in a JVM of its own, its output in files (no pipe can fill up and stall it).
 */
final class ChildJvm {

  /** What the run left: exit code (-1 when killed at the timeout), stdout, stderr, wall time. */
  record Result(int exitCode, boolean timedOut, String out, String err, long millis) {
    boolean detected() {
      return err.contains("orthrus: SDC detected");
    }

    /** The detection lines, for a message. */
    List<String> detections() {
      return err.lines().filter(l -> l.startsWith("orthrus: SDC")).toList();
    }
  }

  private ChildJvm() {}

  /**
   * Runs {@code java jvmOptions -cp classPath mainClass args} in {@code work} and waits up to
   * {@code timeoutMillis}; a run still going then is killed (a hang).
   */
  static Result run(
      Path work,
      String name,
      List<String> jvmOptions,
      String classPath,
      String mainClass,
      List<String> args,
      long timeoutMillis) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // Short runs of one small program: the first JIT tier and the serial collector keep each child
    // light on a machine that runs several at once; neither changes what the program computes.
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-XX:+UseSerialGC");
    command.add("-Xmx256m");
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classPath);
    command.add(mainClass);
    command.addAll(args);
    Path out = work.resolve(name + ".out");
    Path err = work.resolve(name + ".err");
    long start = System.nanoTime();
    try {
      Process p =
          new ProcessBuilder(command)
              .directory(work.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      boolean done = p.waitFor(timeoutMillis, TimeUnit.MILLISECONDS);
      if (!done) {
        p.destroyForcibly().waitFor();
      }
      long millis = (System.nanoTime() - start) / 1_000_000;
      return new Result(
          done ? p.exitValue() : -1,
          !done,
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8),
          millis);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + name, e);
    }
  }
}
