package dev.orthrus.samples.kvcache.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.samples.kvcache.server.InProcessServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The differential conversation through the in-process transport (the vanilla build, parsing
 * included): every exchange answered byte for byte as the recorded memcached answered it, CAS
 * values and the version aside. The protected build over TCP: {@code KvcacheServerIT}.
 */
class ConversationTest {

  /** The recorded replies, without the header line naming the memcached version. */
  static List<String> memcachedReplies() throws Exception {
    List<String> lines =
        new ArrayList<>(
            Files.readAllLines(Conversation.MEMCACHED_REPLIES, StandardCharsets.ISO_8859_1));
    lines.remove(0);
    return lines;
  }

  /** Pairs each request with memcached's reply and the server's, so a failure shows all three. */
  static String sideBySide(List<String> expected, List<String> actual) throws Exception {
    List<Conversation.Exchange> requests = Conversation.requests();
    StringBuilder diff = new StringBuilder();
    for (int i = 0; i < requests.size(); i++) {
      String e = i < expected.size() ? expected.get(i) : "<none>";
      String a = i < actual.size() ? actual.get(i) : "<none>";
      if (!e.equals(a)) {
        diff.append("request  ")
            .append(requests.get(i).source())
            .append('\n')
            .append("memcached ")
            .append(e)
            .append('\n')
            .append("kvcache   ")
            .append(a)
            .append("\n\n");
      }
    }
    return diff.toString();
  }

  @Test
  void everyExchangeIsAnsweredAsMemcachedAnswersIt() throws Exception {
    try (InProcessServer server = InProcessServer.start("-m", "64")) {
      List<String> replies = Conversation.run(server::connect);
      List<String> expected = memcachedReplies();
      assertEquals("", sideBySide(expected, replies));
      assertEquals(expected.size(), replies.size());
    }
  }
}
