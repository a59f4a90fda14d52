package dev.orthrus.benchmarks.kvcache;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * The bytes of live objects in a server JVM's heap at the end of a run: {@code jcmd PID
 * GC.class_histogram} runs a full collection and counts what survives, whatever the collector. Peak
 * RSS says more about the collector's heap sizing than about the program (a JVM that allocates more
 * grows its young generation, and the heap it touched stays resident), so the benchmark reports
 * this beside it: the data a server keeps, which is what versioned memory adds to.
 */
final class LiveHeap {

  private static final long PATIENCE_SECONDS = 60;

  private LiveHeap() {}

  /** Live bytes of process {@code pid}, or NaN when the JDK has no jcmd or it failed. */
  static double bytes(long pid) {
    Path jcmd = Paths.get(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      return Double.NaN;
    }
    try {
      Process p =
          new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.class_histogram")
              .redirectErrorStream(true)
              .start();
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!p.waitFor(PATIENCE_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return Double.NaN;
      }
      return p.exitValue() == 0 ? totalBytes(out) : Double.NaN;
    } catch (IOException e) {
      return Double.NaN;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Double.NaN;
    }
  }

  /** The histogram's last line, {@code Total <instances> <bytes>}; NaN when there is none. */
  static double totalBytes(String histogram) {
    String[] lines = histogram.strip().split("\\R");
    String[] last = lines[lines.length - 1].strip().split("\\s+");
    if (last.length == 3 && last[0].equals("Total")) {
      try {
        return Long.parseLong(last[2]);
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }
}
