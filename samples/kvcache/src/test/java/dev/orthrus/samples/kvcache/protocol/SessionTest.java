package dev.orthrus.samples.kvcache.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orthrus.samples.kvcache.store.Cache;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A request that fails inside the server answers SERVER_ERROR; the connection goes on. */
class SessionTest {

  @Test
  void aRequestThatThrowsIsAnsweredServerErrorAndTheNextIsServed() {
    CommandHandler handler =
        new CommandHandler(
            new Cache(1 << 20),
            () -> {
              throw new IllegalStateException("the figures broke");
            },
            new ServerClock(),
            new ServerStats(),
            1 << 20,
            1);
    Session session = handler.newSession();
    session.receive(ByteBuffer.wrap("stats\r\nversion\r\n".getBytes(StandardCharsets.US_ASCII)));

    String[] replies = session.replies().toString().split("\r\n");
    assertEquals(
        "SERVER_ERROR java.lang.IllegalStateException: the figures broke",
        replies[replies.length - 2]);
    assertEquals("VERSION " + CommandHandler.VERSION, replies[replies.length - 1]);
    assertFalse(session.closed());
  }
}
