package dev.orthrus.benchmarks.kvcache;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server the benchmark started in a process of its own: its stdout lines are collected (the
 * {@code kvcache listening on} line gives the port, the {@code kvcache stopped:} line the summary),
 * its stderr goes to a file quoted when it fails (and read as it grows by {@link #newStderrLines}),
 * and it stops with SIGTERM.
 */
public final class ServerProcess implements AutoCloseable {

  static final Pattern LISTENING =
      Pattern.compile("kvcache listening on 127\\.0\\.0\\.1:(\\d+) mode=(\\S+) .*");

  /** How long a server may take to start (a cold JVM on a loaded machine). */
  static final long START_MILLIS = 120_000;

  /**
   * Servers started and not yet closed, killed if this JVM exits first (Ctrl-C): a server frozen
   * between its windows would otherwise stay behind, stopped, holding its memory.
   */
  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> RUNNING.forEach(Process::destroyForcibly), "kvcache-servers-at-exit"));
  }

  private final Process process;
  private final Path stderr;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final List<String> stdout = new ArrayList<>();
  private final String name;
  private long stderrRead;

  private ServerProcess(String name, Process process, Path stderr) {
    this.name = name;
    this.process = process;
    this.stderr = stderr;
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                  lines.add(line);
                }
              } catch (IOException e) {
                lines.add("(reading the server's output failed: " + e.getMessage() + ")");
              }
            },
            "kvcache-server-stdout");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts {@code command}; its stdin is a pipe for {@link #send} when {@code interactive}, else
   * empty.
   */
  public static ServerProcess start(String name, List<String> command, boolean interactive)
      throws IOException {
    Path stderr = Files.createTempFile("kvcache-server-", ".err");
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
    if (!interactive) {
      builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    }
    try {
      Process process = builder.start();
      RUNNING.add(process);
      return new ServerProcess(name, process, stderr);
    } catch (IOException e) {
      Files.deleteIfExists(stderr);
      throw new IOException(
          "cannot start " + name + " (" + String.join(" ", command) + "): " + e.getMessage(), e);
    }
  }

  public long pid() {
    return process.pid();
  }

  /**
   * Waits for the {@code kvcache listening on} line and returns its port.
   *
   * @throws ServerFailure when the server exits first or prints nothing within two minutes
   */
  public int awaitListeningLine(String mode) {
    long deadline = System.currentTimeMillis() + START_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      String line = nextLine(200);
      if (line != null) {
        Matcher m = LISTENING.matcher(line);
        if (m.matches()) {
          if (!m.group(2).equals(mode)) {
            throw failure(
                "announced mode=" + m.group(2) + " where mode " + mode + " was asked for");
          }
          return Integer.parseInt(m.group(1));
        }
      } else if (!process.isAlive()) {
        throw failure("exited with status " + process.exitValue() + " before listening");
      }
    }
    throw failure("printed no 'kvcache listening on' line within " + START_MILLIS / 1000 + " s");
  }

  /** Waits until {@code port} accepts a connection (for servers that announce nothing). */
  void awaitAccepting(int port) {
    long deadline = System.currentTimeMillis() + START_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      if (!process.isAlive()) {
        throw failure("exited with status " + process.exitValue() + " before listening");
      }
      try {
        SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)).close();
        return;
      } catch (IOException notYet) {
        sleep(50);
      }
    }
    throw failure("did not accept connections on port " + port);
  }

  /**
   * Waits for the line {@code expected} and returns the lines before it since the last wait.
   *
   * @throws ServerFailure when the server exits first or {@code millis} go by
   */
  List<String> awaitLine(String expected, long millis) {
    List<String> before = new ArrayList<>();
    long deadline = System.currentTimeMillis() + millis;
    while (System.currentTimeMillis() < deadline) {
      String line = nextLine(100);
      if (line == null) {
        if (!process.isAlive()) {
          throw failure("exited with status " + process.exitValue() + " before '" + expected + "'");
        }
      } else if (line.equals(expected)) {
        return before;
      } else {
        before.add(line);
      }
    }
    throw failure("printed no '" + expected + "' within " + millis / 1000 + " s");
  }

  /** Writes {@code line} to the server's stdin. */
  void send(String line) throws IOException {
    process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
    process.getOutputStream().flush();
  }

  public boolean alive() {
    return process.isAlive();
  }

  /**
   * Stops the server with SIGTERM (SIGKILL after 30 s) and returns its {@code kvcache stopped:}
   * line, or null when it printed none.
   */
  public String stop() {
    return stop(0);
  }

  /** As {@link #stop()}, after giving the server {@code graceMillis} to exit by itself. */
  String stop(long graceMillis) {
    try {
      if (graceMillis > 0) {
        process.waitFor(graceMillis, TimeUnit.MILLISECONDS);
      }
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    String stopped = null;
    for (String line = nextLine(500); line != null; line = nextLine(100)) {
      if (line.startsWith("kvcache stopped:")) {
        stopped = line;
      }
    }
    return stopped;
  }

  /** The failure of this server: {@code what}, with the end of its output. */
  public ServerFailure failure(String what) {
    StringBuilder message = new StringBuilder(name).append(' ').append(what);
    if (!process.isAlive()) {
      message.append(" (the server exited with status ").append(process.exitValue()).append(')');
    }
    String err = tail(stderrText(), 1500);
    lines.drainTo(stdout);
    String out = tail(String.join("\n", stdout), 500);
    if (!err.isBlank()) {
      message.append("; its stderr ends:\n").append(err.strip());
    }
    if (!out.isBlank()) {
      message.append("\nits stdout ends:\n").append(out.strip());
    }
    return new ServerFailure(message.toString());
  }

  /**
   * The whole lines the server wrote to its stderr since the last call (a line still being written
   * waits for the next call).
   */
  public List<String> newStderrLines() {
    byte[] bytes;
    try (SeekableByteChannel in = Files.newByteChannel(stderr)) {
      long size = in.size();
      if (size <= stderrRead) {
        return List.of();
      }
      ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(size - stderrRead, 1 << 24));
      in.position(stderrRead);
      while (buffer.hasRemaining() && in.read(buffer) > 0) {
        // reads up to what was there when size() was taken
      }
      bytes = Arrays.copyOf(buffer.array(), buffer.position());
    } catch (IOException e) {
      return List.of();
    }
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] != '\n') {
      end--;
    }
    stderrRead += end;
    return new String(bytes, 0, end, StandardCharsets.UTF_8).lines().toList();
  }

  @Override
  public void close() throws IOException {
    if (process.isAlive()) {
      process.destroyForcibly();
    }
    RUNNING.remove(process);
    Files.deleteIfExists(stderr);
  }

  private String nextLine(long millis) {
    try {
      String line = lines.poll(millis, TimeUnit.MILLISECONDS);
      if (line != null) {
        stdout.add(line);
      }
      return line;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private String stderrText() {
    try {
      return Files.readString(stderr, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  private static String tail(String text, int chars) {
    return text.length() <= chars ? text : "..." + text.substring(text.length() - chars);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The server failed to start, or failed while measured: that mode's run has no figures. */
  public static final class ServerFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ServerFailure(String message) {
      super(message);
    }
  }
}
