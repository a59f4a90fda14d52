package dev.orthrus.samples.kvcache.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Records the conversation's replies from a real memcached, into the file the differential tests
 * compare with: {@code memcached -p 22122 -U 0 -l 127.0.0.1 &} then, from samples/kvcache, {@code
 * java -cp target/test-classes dev.orthrus.samples.kvcache.protocol.RecordMemcachedReplies 22122
 * "$(memcached -V)"}.
 */
public final class RecordMemcachedReplies {

  private RecordMemcachedReplies() {}

  public static void main(String[] args) throws IOException {
    int port = Integer.parseInt(args[0]);
    List<String> replies =
        Conversation.run(
            () -> {
              try {
                return SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    List<String> lines = new ArrayList<>();
    lines.add(
        "# Replies of "
            + args[1]
            + " to requests.txt, one line per exchange (RecordMemcachedReplies).");
    lines.addAll(replies);
    Files.write(Conversation.MEMCACHED_REPLIES, lines, StandardCharsets.ISO_8859_1);
  }
}
