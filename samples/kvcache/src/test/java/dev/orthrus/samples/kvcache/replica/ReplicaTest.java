package dev.orthrus.samples.kvcache.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.samples.kvcache.protocol.ReplyBuffer;
import dev.orthrus.samples.kvcache.protocol.ServerClock;
import dev.orthrus.samples.kvcache.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The replica's replay of single records. */
class ReplicaTest {

  @Test
  void aReplayedStepAnswersAsThePrimaryAndAClosedConversationIsDropped() {
    Replica replica =
        new Replica(
            new ServerClock().processStarted(),
            ServerConfig.parse("--mode", "rbv-replica", "--port", "1"));
    ReplyBuffer expected = new ReplyBuffer();
    expected.line("STORED");
    long stored = expected.hashOfLast(expected.pending());
    byte[] set = "set k 0 0 1\r\nx\r\n".getBytes(StandardCharsets.ISO_8859_1);
    assertEquals(stored, replica.replay(new LogRecord(0, 5, 100, true, set, 0)));
    assertEquals(1, replica.sessions());
    replica.replay(LogRecord.closed(1, 5));
    assertEquals(0, replica.sessions());
  }
}
