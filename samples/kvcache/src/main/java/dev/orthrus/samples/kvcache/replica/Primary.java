package dev.orthrus.samples.kvcache.replica;

import dev.orthrus.samples.kvcache.protocol.ReplyBuffer;
import dev.orthrus.samples.kvcache.protocol.Session;
import dev.orthrus.samples.kvcache.protocol.StepRecorder;
import dev.orthrus.samples.kvcache.server.ServerConfig;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Mode rbv's primary: runs every step of every conversation under one lock, in the order it logs
 * them to the replica, with the clock pinned for the step, and appends the step's bytes, clock
 * reading and reply hash to the {@link OrderedLog}. It reads the replica's reports and stops the
 * order at the first mismatch or failure: from then on no step runs and every conversation ends.
 */
public final class Primary implements StepRecorder {

  /** What the primary tells its server. Called on the primary's own threads, never on a worker. */
  public interface Listener {

    /** The replica's reply to {@code report.mismatch()} differs from the primary's. */
    void mismatch(Report report);

    /** The replica failed, died, stalled or the log broke: nothing is compared any more. */
    void failed(String message);
  }

  /** How long the replica may leave logged steps unreplayed without progress. */
  static final long STALL_MILLIS = 10_000;

  private final Object order = new Object();
  private final PinnedClock clock;
  private final OrderedLog.Appender log;
  private final Listener listener;
  private final AtomicLong connections = new AtomicLong();
  private final CountDownLatch ended = new CountDownLatch(1);

  /** Steps logged, under {@link #order}; read by {@code stats} and the watchdog. */
  private volatile long replicated;

  private boolean unflushed;
  private volatile long replayed;
  private volatile long mismatches;
  private volatile long lastProgressNanos = System.nanoTime();

  /** Why the order stopped (first mismatch or failure); null while it runs. */
  private volatile String stopped;

  /** Whether the listener heard why the order stopped (once). */
  private final AtomicBoolean told = new AtomicBoolean();

  private Primary(PinnedClock clock, OrderedLog.Appender log, Listener listener) {
    this.clock = clock;
    this.log = log;
    this.listener = listener;
  }

  /**
   * A primary logging to a replica that connected on {@code socket}: sends the log's header and
   * starts reading the replica's reports.
   */
  static Primary over(Socket socket, PinnedClock clock, Listener listener) throws IOException {
    socket.setTcpNoDelay(true);
    return over(socket, TcpOrderedLog.appender(socket.getOutputStream()), clock, listener);
  }

  /** As {@link #over(Socket, PinnedClock, Listener)}, appending through {@code log}. */
  static Primary over(Socket socket, OrderedLog.Appender log, PinnedClock clock, Listener listener)
      throws IOException {
    DataOutputStream header = new DataOutputStream(socket.getOutputStream());
    header.writeLong(Replica.MAGIC);
    header.writeLong(clock.processStarted());
    header.flush();
    Primary primary = new Primary(clock, log, listener);
    DataInputStream reports =
        new DataInputStream(new BufferedInputStream(socket.getInputStream(), 4096));
    Thread reader = new Thread(() -> primary.readReports(reports), "rbv-reports");
    reader.setDaemon(true);
    reader.start();
    Thread watchdog = new Thread(primary::watch, "rbv-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    return primary;
  }

  /**
   * Starts the replica as a child JVM (this JVM's {@code java}, options and class path, the hidden
   * mode {@code rbv-replica} with {@code config}'s memory, threads and item size) and connects it.
   */
  public static Primary startReplica(ServerConfig config, PinnedClock clock, Listener listener)
      throws IOException {
    try (ServerSocket rendezvous = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
        if (!option.startsWith("-agentlib:") && !option.startsWith("-javaagent:")) {
          command.add(option);
        }
      }
      command.addAll(
          List.of(
              "-cp",
              System.getProperty("java.class.path"),
              "dev.orthrus.samples.kvcache.server.Main",
              "--mode",
              "rbv-replica",
              "--port",
              String.valueOf(rendezvous.getLocalPort()),
              "-m",
              String.valueOf(config.memoryMb()),
              "-t",
              String.valueOf(config.threads()),
              "-I",
              String.valueOf(config.itemSizeMax())));
      Process replica =
          new ProcessBuilder(command)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      rendezvous.setSoTimeout(1000);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (true) {
        try {
          return over(rendezvous.accept(), clock, listener);
        } catch (SocketTimeoutException e) {
          if (!replica.isAlive() || System.nanoTime() > deadline) {
            replica.destroyForcibly();
            throw new IOException(
                "the replica JVM did not connect"
                    + (replica.isAlive()
                        ? " within 60 s"
                        : " (exit code " + replica.exitValue() + ")"));
          }
        }
      }
    }
  }

  @Override
  public long open() {
    return connections.incrementAndGet();
  }

  @Override
  public boolean record(
      Session session, byte[] input, int from, int to, boolean compared, Runnable step) {
    // Copied first: a step may move the session's input (a data block to come needs room).
    byte[] request = Arrays.copyOfRange(input, from, to);
    synchronized (order) {
      if (stopped != null) {
        return false;
      }
      int now = clock.live();
      clock.pin(now);
      ReplyBuffer replies = session.replies();
      int before = replies.pending();
      if (step != null) {
        step.run();
      }
      long hash = replies.hashOfLast(replies.pending() - before);
      try {
        log.append(new LogRecord(replicated, session.connection(), now, compared, request, hash));
      } catch (IOException e) {
        stop("the log to the replica failed: " + e.getMessage());
        return true; // the step ran: its reply goes out; the next one will not run
      }
      replicated++;
      unflushed = true;
    }
    return true;
  }

  @Override
  public void ended(Session session) {
    synchronized (order) {
      if (stopped != null) {
        return;
      }
      try {
        log.append(LogRecord.closed(replicated, session.connection()));
      } catch (IOException e) {
        stop("the log to the replica failed: " + e.getMessage());
        return;
      }
      replicated++;
      unflushed = true;
    }
  }

  @Override
  public void batchDone() {
    synchronized (order) {
      if (!unflushed || stopped != null) {
        return;
      }
      unflushed = false;
      try {
        log.flush();
      } catch (IOException e) {
        stop("the log to the replica failed: " + e.getMessage());
      }
    }
  }

  /**
   * Ends the log (after the server stopped running requests) and waits up to {@code millis} for the
   * replica to compare it all; returns whether it did.
   */
  public boolean finish(long millis) throws InterruptedException {
    synchronized (order) {
      try {
        // After a mismatch the log is still whole: the replica replays it to the end.
        log.append(LogRecord.END);
        log.flush();
      } catch (IOException e) {
        stop("the log to the replica failed: " + e.getMessage());
      }
    }
    return ended.await(millis, TimeUnit.MILLISECONDS) && replayed == replicated;
  }

  /** {@code stats}' figures of mode rbv. */
  public Map<String, Number> figures() {
    long logged = replicated;
    long compared = replayed;
    Map<String, Number> figures = new LinkedHashMap<>();
    figures.put("rbv_replicated", logged);
    figures.put("rbv_compared", compared);
    figures.put("rbv_mismatches", mismatches);
    figures.put("rbv_lag", Math.max(0, logged - compared));
    return figures;
  }

  public long replicated() {
    return replicated;
  }

  public long compared() {
    return replayed;
  }

  public long mismatches() {
    return mismatches;
  }

  /** Why the order stopped, or null while it runs. */
  public String stopped() {
    return stopped;
  }

  private void readReports(DataInputStream reports) {
    try {
      for (Report report; (report = Report.readFrom(reports)) != null; ) {
        replayed = report.compared();
        lastProgressNanos = System.nanoTime();
        switch (report.kind()) {
          case PROGRESS -> {}
          case MISMATCH -> {
            mismatches++;
            stop("the replica's reply to step " + report.mismatch().sequence() + " differs");
            if (told.compareAndSet(false, true)) {
              listener.mismatch(report);
            }
          }
          case DONE -> {
            ended.countDown();
            return;
          }
          case FAILED -> {
            fail("the replica failed: " + report.message());
            return;
          }
        }
      }
      fail("the replica closed the log's connection before the end of the log");
    } catch (IOException e) {
      fail("reading the replica's reports failed: " + e.getMessage());
    }
  }

  /**
   * Tells the listener when a worker stopped the order (the log failed), and fails the order when
   * the replica leaves logged steps unreplayed for {@link #STALL_MILLIS}.
   */
  private void watch() {
    while (ended.getCount() > 0) {
      long asleep = System.nanoTime();
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        return;
      }
      if (System.nanoTime() - asleep > TimeUnit.MILLISECONDS.toNanos(STALL_MILLIS / 2)) {
        // This JVM did not run for a while (stopped with SIGSTOP, as the benchmark does between
        // its windows, or suspended with its machine): nor did the replica, most likely, so the
        // quiet time starts again.
        lastProgressNanos = System.nanoTime();
      }
      String why = stopped;
      if (why != null) {
        if (told.compareAndSet(false, true)) {
          listener.failed(why);
        }
        return;
      }
      long behind = replicated - replayed;
      long quiet = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastProgressNanos);
      if (behind > 0 && quiet > STALL_MILLIS) {
        fail("the replica replayed nothing for " + quiet + " ms with " + behind + " steps behind");
      }
    }
  }

  private void fail(String message) {
    stop(message);
    if (told.compareAndSet(false, true)) {
      listener.failed(stopped);
    }
    ended.countDown();
  }

  /** Stops the order; returns whether this call stopped it. */
  private boolean stop(String why) {
    synchronized (this) {
      if (stopped != null) {
        return false;
      }
      stopped = why;
      return true;
    }
  }

  /** One line naming the step whose replies differ and both hashes, for the server's output. */
  public static String describe(Report mismatch) {
    LogRecord step = mismatch.mismatch();
    String request = new String(step.request(), StandardCharsets.ISO_8859_1);
    if (request.length() > 120) {
      request = request.substring(0, 120) + "...";
    }
    return String.format(
        "kvcache rbv: MISMATCH at step %d (connection %d, now %d): request '%s', primary reply hash"
            + " %016x, replica reply hash %016x",
        step.sequence(),
        step.connection(),
        step.now(),
        request.replace("\r", "\\r").replace("\n", "\\n"),
        step.replyHash(),
        mismatch.replicaHash());
  }
}
