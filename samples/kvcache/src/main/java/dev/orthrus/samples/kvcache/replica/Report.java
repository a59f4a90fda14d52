package dev.orthrus.samples.kvcache.replica;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * What mode rbv's replica tells its primary, on the log's connection in the other direction: how
 * far it has compared, a reply that differs, that it compared the whole log, or that it failed.
 *
 * @param kind what happened
 * @param compared steps replayed so far (with a compared reply or not)
 * @param mismatch the step whose reply differs ({@link Kind#MISMATCH} only)
 * @param replicaHash the hash of the replica's reply to {@code mismatch}
 * @param message why the replica failed ({@link Kind#FAILED} only)
 */
public record Report(
    Kind kind, long compared, LogRecord mismatch, long replicaHash, String message) {

  public enum Kind {
    PROGRESS,
    MISMATCH,
    DONE,
    FAILED
  }

  static Report progress(long replayed) {
    return new Report(Kind.PROGRESS, replayed, null, 0, null);
  }

  static Report done(long replayed) {
    return new Report(Kind.DONE, replayed, null, 0, null);
  }

  static Report failed(long replayed, String message) {
    return new Report(Kind.FAILED, replayed, null, 0, message);
  }

  static Report mismatch(long replayed, LogRecord step, long replicaHash) {
    return new Report(Kind.MISMATCH, replayed, step, replicaHash, null);
  }

  void writeTo(DataOutputStream out) throws IOException {
    out.writeByte(kind.ordinal());
    out.writeLong(compared);
    switch (kind) {
      case MISMATCH -> {
        out.writeLong(mismatch.sequence());
        out.writeLong(mismatch.connection());
        out.writeInt(mismatch.now());
        out.writeInt(mismatch.request().length);
        out.write(mismatch.request());
        out.writeLong(mismatch.replyHash());
        out.writeLong(replicaHash);
      }
      case FAILED -> {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        out.writeInt(text.length);
        out.write(text);
      }
      default -> {}
    }
  }

  /** The next report, or null when the replica closed the connection between reports. */
  static Report readFrom(DataInputStream in) throws IOException {
    int kind = in.read();
    if (kind < 0) {
      return null;
    }
    if (kind >= Kind.values().length) {
      throw new LogRecord.CorruptLogException("unknown report kind " + kind);
    }
    try {
      long replayed = in.readLong();
      return switch (Kind.values()[kind]) {
        case PROGRESS -> progress(replayed);
        case DONE -> done(replayed);
        case FAILED -> failed(replayed, new String(bytes(in), StandardCharsets.UTF_8));
        case MISMATCH -> {
          long sequence = in.readLong();
          long connection = in.readLong();
          int now = in.readInt();
          byte[] request = bytes(in);
          long primaryHash = in.readLong();
          LogRecord step = new LogRecord(sequence, connection, now, true, request, primaryHash);
          yield mismatch(replayed, step, in.readLong());
        }
      };
    } catch (EOFException e) {
      throw new LogRecord.CorruptLogException("the replica's report is cut short");
    }
  }

  private static byte[] bytes(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > LogRecord.MAX_REQUEST) {
      throw new LogRecord.CorruptLogException("report length " + length);
    }
    byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw new EOFException();
    }
    return bytes;
  }
}
