package dev.orthrus.samples.kvcache.replica;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The log's and the reports' encoding: what is written reads back, and a broken log is an error.
 */
class LogRecordTest {

  private static final LogRecord SET =
      new LogRecord(
          7, 3, 1234, true, "set k 0 0 1\r\n".getBytes(StandardCharsets.ISO_8859_1), -42L);

  private static byte[] encode(LogRecord... records) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (LogRecord r : records) {
      r.writeTo(out);
    }
    return bytes.toByteArray();
  }

  private static OrderedLog.Reader reader(byte[] bytes) {
    return TcpOrderedLog.reader(new ByteArrayInputStream(bytes));
  }

  @Test
  void recordsReadBackInOrderUpToTheEnd() throws IOException {
    LogRecord stats = new LogRecord(8, 4, 1235, false, "stats\r\n".getBytes(), 0);
    OrderedLog.Reader log = reader(encode(SET, stats, LogRecord.closed(9, 4), LogRecord.END));
    LogRecord first = log.read();
    assertEquals(SET.sequence(), first.sequence());
    assertEquals(SET.connection(), first.connection());
    assertEquals(SET.now(), first.now());
    assertTrue(first.compared());
    assertArrayEquals(SET.request(), first.request());
    assertEquals(SET.replyHash(), first.replyHash());
    assertEquals(false, log.read().compared());
    LogRecord closed = log.read();
    assertEquals(LogRecord.Kind.CLOSED, closed.kind());
    assertEquals(9, closed.sequence());
    assertEquals(4, closed.connection());
    assertSame(LogRecord.END, log.read());
  }

  @Test
  void aLogCutInsideARecordIsCorrupt() throws IOException {
    byte[] whole = encode(SET);
    for (int cut = 1; cut < whole.length; cut++) {
      OrderedLog.Reader log = reader(Arrays.copyOf(whole, cut));
      LogRecord.CorruptLogException e =
          assertThrows(LogRecord.CorruptLogException.class, log::read, "cut at " + cut);
      assertEquals("the log ends inside a record", e.getMessage());
    }
  }

  @Test
  void aLogWithoutItsEndRecordIsCorrupt() throws IOException {
    OrderedLog.Reader log = reader(encode(SET));
    log.read();
    assertEquals(
        "the log ends without its end record",
        assertThrows(LogRecord.CorruptLogException.class, log::read).getMessage());
  }

  @Test
  void unknownKindsFlagsAndLengthsAreCorrupt() throws IOException {
    byte[] kind = encode(SET);
    kind[0] = 9;
    assertEquals(
        "unknown record kind 9",
        assertThrows(LogRecord.CorruptLogException.class, reader(kind)::read).getMessage());
    byte[] flag = encode(SET);
    flag[1 + 8 + 8 + 4] = 2;
    assertEquals(
        "record 7: compared flag 2",
        assertThrows(LogRecord.CorruptLogException.class, reader(flag)::read).getMessage());
    byte[] length = encode(SET);
    length[1 + 8 + 8 + 4 + 1] = (byte) 0x80; // a negative length
    assertEquals(
        "record 7: request length " + (Integer.MIN_VALUE + SET.request().length),
        assertThrows(LogRecord.CorruptLogException.class, reader(length)::read).getMessage());
  }

  @Test
  void reportsReadBack() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    Report.mismatch(8, SET, 99).writeTo(out);
    Report.failed(8, "broken").writeTo(out);
    Report.done(9).writeTo(out);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    Report mismatch = Report.readFrom(in);
    assertEquals(Report.Kind.MISMATCH, mismatch.kind());
    assertEquals(8, mismatch.compared());
    assertEquals(SET.sequence(), mismatch.mismatch().sequence());
    assertArrayEquals(SET.request(), mismatch.mismatch().request());
    assertEquals(SET.replyHash(), mismatch.mismatch().replyHash());
    assertEquals(99, mismatch.replicaHash());
    assertEquals("broken", Report.readFrom(in).message());
    assertEquals(9, Report.readFrom(in).compared());
    assertNull(Report.readFrom(in));
    byte[] cut = Arrays.copyOf(bytes.toByteArray(), 12);
    assertThrows(
        LogRecord.CorruptLogException.class,
        () -> Report.readFrom(new DataInputStream(new ByteArrayInputStream(cut))));
  }
}
