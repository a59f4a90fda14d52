package dev.orthrus.samples.kvcache.server;

import dev.orthrus.benchmarks.kvcache.FakeMemcachedAccess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.util.List;

/**
 * A stand-in for the kvcache sample's server over TCP: it announces itself as the sample does and
 * serves gets, sets and stats from an in-memory store, so that the driver's tcp plumbing (servers
 * started once, frozen and thawed between windows) is tested in this module without the sample.
 */
public final class Main {

  private Main() {}

  public static void main(String[] args) throws IOException {
    List<String> arguments = List.of(args);
    String mode = arguments.get(arguments.indexOf("--mode") + 1);
    // A total of 2 detections since the server started, as a protected server reports them.
    Object store = FakeMemcachedAccess.newStore(2);
    ServerSocket listener = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
    System.out.printf(
        "kvcache listening on 127.0.0.1:%d mode=%s threads=1 memory=64MB%n",
        listener.getLocalPort(), mode);
    System.out.flush();
    while (true) {
      Socket socket = listener.accept();
      Thread connection = new Thread(() -> serve(socket, FakeMemcachedAccess.connect(store)));
      connection.setDaemon(true);
      connection.start();
    }
  }

  /** Passes the socket's bytes to the store's channel and its replies back. */
  private static void serve(Socket socket, ByteChannel store) {
    try (socket) {
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      byte[] buffer = new byte[64 * 1024];
      ByteBuffer replies = ByteBuffer.allocate(1 << 20);
      for (int n; (n = in.read(buffer)) > 0; ) {
        store.write(ByteBuffer.wrap(buffer, 0, n));
        replies.clear();
        while (store.read(replies) > 0) {
          if (!replies.hasRemaining()) {
            out.write(replies.array(), 0, replies.position());
            replies.clear();
          }
        }
        out.write(replies.array(), 0, replies.position());
        out.flush();
      }
    } catch (IOException e) {
      // The driver closed the connection.
    }
  }
}
