package dev.orthrus.samples.kvcache.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client conversation: splits the bytes received into request lines and data blocks, runs each
 * request as it completes (so a client may pipeline), and collects the replies. Used alike by
 * socket connections and the in-process transport.
 *
 * <p>Input is bounded as memcached bounds it: a line without a newline longer than {@value
 * #MAX_LINE} bytes closes the connection unless it is a get (multi-key gets may be long, up to
 * {@value #MAX_GET_LINE} bytes here), and a data block is buffered only when its size is within the
 * item size limit; a larger one is discarded as it arrives.
 */
public final class Session {

  /** memcached's limit for a request line that has no newline yet. */
  public static final int MAX_LINE = 2048;

  /** The longest get line accepted. */
  public static final int MAX_GET_LINE = 1 << 20;

  private final CommandHandler handler;

  /** Mode rbv's primary; null otherwise, and then no step is recorded. */
  private final StepRecorder recorder;

  private final long connection;
  private final ReplyBuffer replies = new ReplyBuffer();
  private byte[] in = new byte[4096];
  private int start;
  private int end;
  private CommandHandler.PendingStore pending;
  private long discard;
  private boolean closed;

  /** Requests that failed inside the server, process-wide: only the first is printed. */
  private static final AtomicLong FAILURES = new AtomicLong();

  Session(CommandHandler handler, StepRecorder recorder) {
    this.handler = handler;
    this.recorder = recorder;
    this.connection = recorder == null ? 0 : recorder.open();
  }

  /** The recorder's number for this conversation (0 without a recorder). */
  public long connection() {
    return connection;
  }

  /** The replies produced so far and not yet taken. */
  public ReplyBuffer replies() {
    return replies;
  }

  /** Whether the conversation is over (quit, or input memcached would not accept). */
  public boolean closed() {
    return closed;
  }

  /** Reads what {@code channel} has and runs the requests it completes; -1 at end of stream. */
  public int readFrom(ReadableByteChannel channel) throws IOException {
    ensureFree(16384);
    int n = channel.read(ByteBuffer.wrap(in, end, in.length - end));
    if (n > 0) {
      end += n;
      process();
      if (recorder != null) {
        recorder.batchDone();
      }
    }
    return n;
  }

  /** Takes all of {@code data} and runs the requests it completes. */
  public void receive(ByteBuffer data) {
    while (data.hasRemaining() && !closed) {
      ensureFree(Math.min(data.remaining(), 65536));
      int n = Math.min(data.remaining(), in.length - end);
      data.get(in, end, n);
      end += n;
      process();
    }
    if (recorder != null) {
      recorder.batchDone();
    }
  }

  void close() {
    closed = true;
  }

  /** The transport closed the connection: no more input comes. */
  public void ended() {
    closed = true;
    if (recorder != null) {
      recorder.ended(this);
    }
  }

  /** Runs every complete request in the input. */
  private void process() {
    while (!closed) {
      if (discard > 0) {
        int n = (int) Math.min(discard, end - start);
        if (recorder != null && !recorder.record(this, in, start, start + n, false, null)) {
          closed = true;
          break;
        }
        start += n;
        discard -= n;
        if (discard > 0) {
          break;
        }
        continue;
      }
      if (pending != null) {
        int need = pending.length() + 2;
        if (end - start < need) {
          break;
        }
        byte[] data = Arrays.copyOfRange(in, start, start + pending.length());
        boolean terminated = in[start + need - 2] == '\r' && in[start + need - 1] == '\n';
        start += need;
        CommandHandler.PendingStore store = pending;
        pending = null;
        byte[] block = terminated ? data : null;
        Runnable completeStore = () -> handler.completeStore(store, block, this);
        if (recorder == null) {
          run(completeStore);
        } else if (!recorder.record(
            this, in, start - need, start, true, () -> run(completeStore))) {
          closed = true;
        }
        continue;
      }
      int newline = indexOfNewline();
      if (newline < 0) {
        int length = end - start;
        if (length > MAX_GET_LINE || (length > MAX_LINE && !startsWithGet())) {
          closed = true;
        }
        break;
      }
      int lineEnd = newline > start && in[newline - 1] == '\r' ? newline - 1 : newline;
      List<String> tokens = tokenize(start, lineEnd);
      int lineStart = start;
      start = newline + 1;
      Runnable execute = () -> handler.execute(tokens, this);
      if (recorder == null) {
        run(execute);
      } else if (!recorder.record(
          this,
          in,
          lineStart,
          start,
          tokens.isEmpty() || !tokens.get(0).equals("stats"),
          () -> run(execute))) {
        closed = true;
      }
    }
    if (start == end) {
      start = 0;
      end = 0;
      if (in.length > 1 << 20) {
        in = new byte[4096]; // a large value arrived: do not keep its buffer per connection
      }
    }
  }

  /**
   * Runs one request, already taken from the input. A request that fails inside the server is
   * answered {@code SERVER_ERROR} and the connection goes on, as memcached answers its own
   * failures; the first failure is printed with its stack trace. A worker thread that died here
   * would leave every connection it serves unanswered.
   */
  private void run(Runnable request) {
    try {
      request.run();
    } catch (RuntimeException e) {
      if (FAILURES.getAndIncrement() == 0) {
        System.err.println("kvcache: a request failed (answered SERVER_ERROR): " + e);
        e.printStackTrace();
      }
      replies.line("SERVER_ERROR " + e.toString().replaceAll("\\R", " "));
    }
  }

  /** Waits for a data block of {@code length} bytes and its CRLF for {@code store}. */
  void expectData(CommandHandler.PendingStore store) {
    pending = store;
    ensureFree(store.length() + 2 - (end - start));
  }

  /** Drops the next {@code length} bytes (a data block too large to store). */
  void discard(long length) {
    discard = length;
  }

  private int indexOfNewline() {
    for (int i = start; i < end; i++) {
      if (in[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private boolean startsWithGet() {
    int i = start;
    while (i < end && in[i] == ' ') {
      i++;
    }
    return i - start <= 100 && (startsWith(i, "get ") || startsWith(i, "gets "));
  }

  private boolean startsWith(int at, String prefix) {
    if (end - at < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if (in[at + i] != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** memcached's tokens: the line split at spaces, empty tokens dropped. */
  private List<String> tokenize(int from, int to) {
    List<String> tokens = new ArrayList<>(8);
    int tokenStart = from;
    for (int i = from; i <= to; i++) {
      if (i == to || in[i] == ' ') {
        if (i > tokenStart) {
          tokens.add(new String(in, tokenStart, i - tokenStart, StandardCharsets.ISO_8859_1));
        }
        tokenStart = i + 1;
      }
    }
    return tokens;
  }

  /** Makes room for {@code free} more bytes after the input not yet processed. */
  private void ensureFree(int free) {
    if (in.length - end >= free) {
      return;
    }
    int live = end - start;
    if (live + free <= in.length) {
      System.arraycopy(in, start, in, 0, live);
    } else {
      byte[] grown = new byte[Math.max(in.length * 2, live + free)];
      System.arraycopy(in, start, grown, 0, live);
      in = grown;
    }
    start = 0;
    end = live;
  }
}
