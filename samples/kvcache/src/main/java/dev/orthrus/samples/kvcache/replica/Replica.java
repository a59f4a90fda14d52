package dev.orthrus.samples.kvcache.replica;

import dev.orthrus.samples.kvcache.protocol.CommandHandler;
import dev.orthrus.samples.kvcache.protocol.ReplyBuffer;
import dev.orthrus.samples.kvcache.protocol.ServerStats;
import dev.orthrus.samples.kvcache.protocol.Session;
import dev.orthrus.samples.kvcache.server.ServerConfig;
import dev.orthrus.samples.kvcache.store.Cache;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * Mode rbv's replica: a cache of its own that replays the primary's log in its order, one step at a
 * time at the primary's clock reading, through a session per primary connection, and compares the
 * hash of each step's reply with the primary's. It reports how far it got, every reply that
 * differs, and the end of the log, on the log's connection.
 *
 * <p>Replay runs on one thread: the log is a total order over one cache, so its steps run one after
 * the other whatever the number of the primary's workers.
 */
public final class Replica {

  /** The first bytes the primary sends: this magic, then its clock's start. */
  static final long MAGIC = 0x6b76726276310aL; // "kvrbv1\n"

  /** How often progress goes back to the primary while the replica replays. */
  private static final long PROGRESS_MILLIS = 20;

  private final PinnedClock clock;
  private final CommandHandler handler;
  private final Map<Long, Session> sessions = new HashMap<>();
  private volatile long replayed;
  private long mismatches;

  Replica(long processStarted, ServerConfig config) {
    clock = new PinnedClock(processStarted);
    handler =
        new CommandHandler(
            new Cache(config.memoryBytes()),
            Map::of,
            clock,
            new ServerStats(),
            config.itemSizeMax(),
            config.threads());
  }

  /**
   * The hidden mode {@code rbv-replica} of the server: connects to its primary's log on {@code
   * config.port()}, replays it to its end and returns the exit status (0 when the log ended and was
   * compared, whatever it found: the primary reports mismatches).
   */
  public static int run(ServerConfig config) {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), config.port())) {
      socket.setTcpNoDelay(true);
      DataInputStream header = new DataInputStream(socket.getInputStream());
      if (header.readLong() != MAGIC) {
        System.err.println("kvcache rbv replica: the log does not start as a primary's does");
        return 1;
      }
      Replica replica = new Replica(header.readLong(), config);
      replica.replay(TcpOrderedLog.reader(socket.getInputStream()), socket.getOutputStream());
      return 0;
    } catch (IOException e) {
      System.err.println("kvcache rbv replica: " + e.getMessage());
      return 1;
    }
  }

  /**
   * Replays {@code log} up to its end record, reporting to {@code reports}. A log that breaks off
   * is reported as a failure and thrown.
   */
  void replay(OrderedLog.Reader log, OutputStream reports) throws IOException {
    ReportWriter writer = new ReportWriter(reports);
    Thread progress = new Thread(() -> writer.progressEvery(PROGRESS_MILLIS), "rbv-progress");
    progress.setDaemon(true);
    progress.start();
    try {
      for (long expected = 0; ; expected++) {
        LogRecord step = log.read();
        if (step.isEnd()) {
          break;
        }
        if (step.sequence() != expected) {
          throw new LogRecord.CorruptLogException(
              "record " + step.sequence() + " where " + expected + " was expected");
        }
        long hash = replay(step);
        replayed = expected + 1;
        if (step.compared() && hash != step.replyHash()) {
          mismatches++;
          writer.send(Report.mismatch(replayed, step, hash));
        }
      }
      stop(progress);
      writer.send(Report.done(replayed));
    } catch (IOException e) {
      stop(progress);
      writer.sendQuietly(Report.failed(replayed, e.getMessage()));
      throw e;
    }
  }

  /** Stops the progress reports, so that nothing follows the last report. */
  private static void stop(Thread progress) {
    progress.interrupt();
    try {
      progress.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Runs one step as the primary ran it; returns the hash of its reply. */
  long replay(LogRecord step) {
    if (step.kind() == LogRecord.Kind.CLOSED) {
      sessions.remove(step.connection());
      return step.replyHash();
    }
    Session session = sessions.computeIfAbsent(step.connection(), c -> handler.newSession());
    clock.pin(step.now());
    session.receive(ByteBuffer.wrap(step.request()));
    ReplyBuffer replies = session.replies();
    long hash = replies.hashOfLast(replies.pending());
    replies.clear();
    return hash;
  }

  long mismatches() {
    return mismatches;
  }

  /** Conversations the replica keeps a session for. */
  int sessions() {
    return sessions.size();
  }

  /** Reports, written whole by one thread at a time (the replaying one and the progress one). */
  private final class ReportWriter {
    private final DataOutputStream out;
    private long lastSent = -1;

    ReportWriter(OutputStream reports) {
      out = new DataOutputStream(new BufferedOutputStream(reports, 4096));
    }

    synchronized void send(Report report) throws IOException {
      report.writeTo(out);
      out.flush();
      lastSent = report.compared();
    }

    void sendQuietly(Report report) {
      try {
        send(report);
      } catch (IOException e) {
        // the primary is gone too; the caller reports the first failure
      }
    }

    /** Sends the count replayed whenever it moved, until interrupted or the primary is gone. */
    void progressEvery(long millis) {
      try {
        while (true) {
          Thread.sleep(millis);
          long now = replayed;
          synchronized (this) {
            if (now != lastSent) {
              send(Report.progress(now));
            }
          }
        }
      } catch (InterruptedException | IOException e) {
        // the replay ended, or the connection did: the replaying thread reports either
      }
    }
  }
}
