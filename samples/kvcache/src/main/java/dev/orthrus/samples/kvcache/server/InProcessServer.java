package dev.orthrus.samples.kvcache.server;

import dev.orthrus.samples.kvcache.protocol.CommandHandler;
import dev.orthrus.samples.kvcache.protocol.Session;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.ClosedChannelException;

/**
 * The server without a socket: {@link #connect()} gives a channel whose {@code write} runs the
 * request bytes through the same session and handler a socket connection uses, on the caller's
 * thread, and whose {@code read} returns the replies produced so far (0 when none; it never
 * blocks). The benchmark driver and {@code Simulation} use it to measure and exercise the server
 * without the network.
 */
public final class InProcessServer implements AutoCloseable {

  private final CommandHandler handler;
  private volatile boolean open = true;

  private InProcessServer(CommandHandler handler) {
    this.handler = handler;
  }

  /** A server as {@link Main} would start with {@code mainArgs} ({@code --port} is ignored). */
  public static InProcessServer start(String... mainArgs) {
    ServerConfig config = ServerConfig.parse(mainArgs);
    Main.checkBuild(config.mode());
    if (config.mode().startsWith("rbv")) {
      throw new IllegalArgumentException(
          "mode rbv is served over TCP only: its replica is a JVM of its own fed over loopback");
    }
    return new InProcessServer(Main.newHandler(config));
  }

  /** A new client conversation. */
  public ByteChannel connect() {
    if (!open) {
      throw new IllegalStateException("the server is closed");
    }
    handler.stats().connectionOpened();
    return new Connection(handler.newSession());
  }

  @Override
  public void close() {
    open = false;
  }

  private final class Connection implements ByteChannel {
    private final Session session;
    private boolean closed;

    Connection(Session session) {
      this.session = session;
    }

    @Override
    public int write(ByteBuffer src) throws ClosedChannelException {
      if (closed || !open) {
        throw new ClosedChannelException();
      }
      int n = src.remaining();
      if (!session.closed()) {
        session.receive(src);
      }
      src.position(src.limit());
      return n;
    }

    @Override
    public int read(ByteBuffer dst) throws ClosedChannelException {
      if (closed) {
        throw new ClosedChannelException();
      }
      int n = session.replies().drainTo(dst);
      return n == 0 && session.closed() ? -1 : n;
    }

    @Override
    public boolean isOpen() {
      return !closed;
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        handler.stats().connectionClosed();
      }
    }
  }
}
