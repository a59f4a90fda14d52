package dev.orthrus.samples.kvcache.replica;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * An {@link OrderedLog} over one TCP connection (loopback in mode rbv): the order is the order of
 * the bytes on the connection. Records are buffered and go out on {@link Appender#flush()}, so a
 * batch of requests costs one write; the socket's buffers bound how far the reader may lag before
 * the writer waits.
 */
public final class TcpOrderedLog {

  /** Bytes buffered before a write even without a flush. */
  static final int BUFFER = 1 << 16;

  private TcpOrderedLog() {}

  /** The writing end over a socket's output stream. */
  public static OrderedLog.Appender appender(OutputStream socketOutput) {
    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socketOutput, BUFFER));
    return new OrderedLog.Appender() {
      @Override
      public void append(LogRecord record) throws IOException {
        record.writeTo(out);
      }

      @Override
      public void flush() throws IOException {
        out.flush();
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }

  /** The reading end over a socket's input stream. */
  public static OrderedLog.Reader reader(InputStream socketInput) {
    DataInputStream in = new DataInputStream(new BufferedInputStream(socketInput, BUFFER));
    return new OrderedLog.Reader() {
      @Override
      public LogRecord read() throws IOException {
        LogRecord record = LogRecord.readFrom(in);
        if (record == null) {
          throw new LogRecord.CorruptLogException("the log ends without its end record");
        }
        return record;
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }
}
