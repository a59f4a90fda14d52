package dev.orthrus.samples.kvcache.replica;

import java.io.Closeable;
import java.io.IOException;

/**
 * A totally ordered log of {@link LogRecord}s: what one end appends, the other reads in the same
 * order. Mode rbv's primary appends every step it runs; its replica reads and replays them.
 */
public interface OrderedLog {

  /** The writing end. Not thread-safe: the primary appends while holding its order's lock. */
  interface Appender extends Closeable {

    /** Adds {@code record} after every record appended before; it may stay buffered. */
    void append(LogRecord record) throws IOException;

    /** Makes every record appended so far readable (one write for a batch of records). */
    void flush() throws IOException;
  }

  /** The reading end. */
  interface Reader extends Closeable {

    /**
     * The next record, waiting for it; {@link LogRecord#END} once the writer ended the log.
     *
     * @throws LogRecord.CorruptLogException when the log is cut short or unreadable
     */
    LogRecord read() throws IOException;
  }
}
