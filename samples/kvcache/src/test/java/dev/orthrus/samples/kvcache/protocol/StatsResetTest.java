package dev.orthrus.samples.kvcache.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.samples.kvcache.server.InProcessServer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code stats reset} zeroes what memcached 1.6 zeroes, and nothing else. */
class StatsResetTest {

  @Test
  void zeroesTotalsAndCommandCountsButNotTheCurrentState() throws IOException {
    try (InProcessServer server = InProcessServer.start("-m", "64")) {
      ByteChannel c = server.connect();
      send(c, "set a 0 0 1\r\n1\r\nset b 0 0 2\r\n22\r\nset a 0 0 1\r\n3\r\nget a\r\nget x\r\n");
      Map<String, Long> before = stats(c);
      assertEquals(3, before.get("total_items"));
      assertEquals(2, before.get("curr_items"));
      assertEquals(1, before.get("get_hits"));
      assertEquals(1, before.get("get_misses"));

      assertEquals("RESET\r\n", send(c, "stats reset\r\n"));
      Map<String, Long> after = stats(c);
      for (String zeroed :
          new String[] {
            "total_items",
            "cmd_get",
            "cmd_set",
            "get_hits",
            "get_misses",
            "evictions",
            "total_connections"
          }) {
        assertEquals(0, after.get(zeroed), zeroed);
      }
      for (String kept : new String[] {"curr_items", "bytes", "curr_connections"}) {
        assertEquals(before.get(kept), after.get(kept), kept);
      }

      send(c, "set c 0 0 1\r\n5\r\n");
      assertEquals(1, stats(c).get("total_items"), "counts start again from the reset");
    }
  }

  private static Map<String, Long> stats(ByteChannel c) throws IOException {
    Map<String, Long> stats = new LinkedHashMap<>();
    for (String line : send(c, "stats\r\n").split("\r\n")) {
      String[] w = line.split(" ");
      if (w.length == 3 && w[0].equals("STAT") && w[2].matches("-?\\d+")) {
        stats.put(w[1], Long.parseLong(w[2]));
      }
    }
    return stats;
  }

  /** The in-process channel answers on the writing thread, so the replies are there at once. */
  private static String send(ByteChannel c, String requests) throws IOException {
    c.write(ByteBuffer.wrap(requests.getBytes(StandardCharsets.ISO_8859_1)));
    ByteBuffer replies = ByteBuffer.allocate(1 << 16);
    c.read(replies);
    return new String(replies.array(), 0, replies.position(), StandardCharsets.ISO_8859_1);
  }
}
