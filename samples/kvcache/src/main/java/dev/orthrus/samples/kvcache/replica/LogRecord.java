package dev.orthrus.samples.kvcache.replica;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * One step of one conversation, as mode rbv's primary ran it: the bytes the step consumed, the
 * clock reading it ran at, and a hash of what it answered; or the end of a conversation. The log
 * ends with {@link #END}.
 *
 * <p>Encoding: a kind byte ({@code 1} step, {@code 2} end of the log, {@code 3} end of a
 * conversation); a step then has its sequence number (8 bytes), connection (8), clock {@code now}
 * (4), whether its reply is compared (1), the request's length (4) and bytes, and the reply hash
 * (8); the end of a conversation has its sequence number and connection. Big-endian, as {@link
 * DataOutputStream} writes.
 *
 * @param sequence the record's place in the total order, from 0
 * @param compared whether replicas must give a reply of the same hash ({@code stats} is not)
 */
public record LogRecord(
    Kind kind,
    long sequence,
    long connection,
    int now,
    boolean compared,
    byte[] request,
    long replyHash) {

  public enum Kind {
    STEP,
    END,
    CLOSED
  }

  /** The last record of a log: the primary stopped and every step before it was sent. */
  public static final LogRecord END = new LogRecord(Kind.END, -1, 0, 0, false, new byte[0], 0);

  /** A step. */
  public LogRecord(
      long sequence, long connection, int now, boolean compared, byte[] request, long replyHash) {
    this(Kind.STEP, sequence, connection, now, compared, request, replyHash);
  }

  /** The end of conversation {@code connection}: the replica drops its session. */
  public static LogRecord closed(long sequence, long connection) {
    return new LogRecord(Kind.CLOSED, sequence, connection, 0, false, new byte[0], 0);
  }

  /** The largest request a step may carry: a data block within the largest item size, -I 1024m. */
  static final int MAX_REQUEST = (1 << 30) + 2;

  private static final byte STEP = 1;
  private static final byte LAST = 2;
  private static final byte CLOSE = 3;

  /** A log that cannot be read: cut short or not written by {@link #writeTo}. */
  public static final class CorruptLogException extends IOException {
    private static final long serialVersionUID = 1L;

    CorruptLogException(String message) {
      super(message);
    }
  }

  public boolean isEnd() {
    return kind == Kind.END;
  }

  void writeTo(DataOutputStream out) throws IOException {
    switch (kind) {
      case END -> {
        out.writeByte(LAST);
        return;
      }
      case CLOSED -> {
        out.writeByte(CLOSE);
        out.writeLong(sequence);
        out.writeLong(connection);
        return;
      }
      case STEP -> out.writeByte(STEP);
    }
    out.writeLong(sequence);
    out.writeLong(connection);
    out.writeInt(now);
    out.writeBoolean(compared);
    out.writeInt(request.length);
    out.write(request);
    out.writeLong(replyHash);
  }

  /**
   * The next record of {@code in}, or null when it ends cleanly between records (the writer went
   * away without {@link #END}: its caller decides whether that is an error).
   */
  static LogRecord readFrom(DataInputStream in) throws IOException {
    int kind = in.read();
    if (kind < 0) {
      return null;
    }
    if (kind == LAST) {
      return END;
    }
    if (kind != STEP && kind != CLOSE) {
      throw new CorruptLogException("unknown record kind " + kind);
    }
    try {
      long sequence = in.readLong();
      if (kind == CLOSE) {
        return closed(sequence, in.readLong());
      }
      long connection = in.readLong();
      int now = in.readInt();
      int compared = in.readUnsignedByte();
      if (compared > 1) {
        throw new CorruptLogException("record " + sequence + ": compared flag " + compared);
      }
      int length = in.readInt();
      if (length < 0 || length > MAX_REQUEST) {
        throw new CorruptLogException("record " + sequence + ": request length " + length);
      }
      byte[] request = in.readNBytes(length);
      if (request.length < length) {
        throw new EOFException();
      }
      return new LogRecord(sequence, connection, now, compared == 1, request, in.readLong());
    } catch (EOFException e) {
      throw new CorruptLogException("the log ends inside a record");
    }
  }
}
