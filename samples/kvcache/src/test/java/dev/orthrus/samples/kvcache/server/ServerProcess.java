package dev.orthrus.samples.kvcache.server;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kvcache server in a JVM of its own, as {@code orthrus run kvcache} starts it: the vanilla build
 * ({@code target/classes}) or the protected one ({@code target/orthrus-classes}) with the runtime,
 * on a free port. {@link #stop()} sends SIGTERM and returns everything it printed.
 */
final class ServerProcess implements AutoCloseable {

  private static final Pattern LISTENING =
      Pattern.compile(
          "kvcache listening on 127\\.0\\.0\\.1:(\\d+) mode=(\\w+) threads=\\d+ memory=\\d+MB");

  private final Process process;
  private final BufferedReader stdout;
  private final int port;
  private final List<String> output = new ArrayList<>();

  private ServerProcess(Process process) throws IOException {
    this.process = process;
    this.stdout =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String first = stdout.readLine();
    Matcher m = first == null ? null : LISTENING.matcher(first);
    if (m == null || !m.matches()) {
      process.destroyForcibly();
      throw new IllegalStateException("the server did not start: " + first);
    }
    output.add(first);
    this.port = Integer.parseInt(m.group(1));
  }

  /** Starts {@code mode}'s build with {@code properties} ({@code -D...}) and server flags. */
  static ServerProcess start(String mode, List<String> properties, String... flags)
      throws IOException {
    boolean protectedBuild = mode.equals("orthrus");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(properties);
    command.add("-cp");
    command.add(classPath(protectedBuild));
    command.add(Main.class.getName());
    command.addAll(List.of("--mode", mode, "--port", "0"));
    command.addAll(List.of(flags));
    return new ServerProcess(
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
  }

  /** The build's classes, then this JVM's class path without the sample's own folders. */
  private static String classPath(boolean protectedBuild) {
    Path target = Path.of("target").toAbsolutePath();
    List<String> entries = new ArrayList<>();
    entries.add(target.resolve(protectedBuild ? "orthrus-classes" : "classes").toString());
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!Path.of(entry).toAbsolutePath().startsWith(target)) {
        entries.add(entry);
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  int port() {
    return port;
  }

  /** The processes the server started (mode rbv's replica). */
  List<ProcessHandle> children() {
    return process.children().toList();
  }

  /** SIGTERM, then every line the server printed (the listening line first, the summary last). */
  List<String> stop() throws IOException, InterruptedException {
    process.toHandle().destroy(); // SIGTERM; Process.destroy would also close our end of stdout
    for (String line; (line = stdout.readLine()) != null; ) {
      output.add(line);
    }
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("the server did not stop within 30 s: " + output);
    }
    return output;
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
