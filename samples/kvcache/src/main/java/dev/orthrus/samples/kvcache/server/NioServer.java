package dev.orthrus.samples.kvcache.server;

import dev.orthrus.samples.kvcache.protocol.CommandHandler;
import dev.orthrus.samples.kvcache.protocol.Session;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The socket side: one acceptor thread hands connections round robin to worker threads, each
 * running a selector over its connections (memcached's threading model). A worker reads what a
 * connection sent, runs every complete request, and writes the replies back in one write; while a
 * client does not read its replies, the worker stops reading its requests.
 */
public final class NioServer implements AutoCloseable {

  /** Replies buffered for one connection above which its requests are not read. */
  private static final int MAX_PENDING_REPLIES = 4 << 20;

  private final ServerSocketChannel listener;
  private final CommandHandler handler;
  private final List<Worker> workers = new ArrayList<>();
  private final Thread acceptor;
  private volatile boolean running = true;

  private NioServer(ServerSocketChannel listener, CommandHandler handler, int threads)
      throws IOException {
    this.listener = listener;
    this.handler = handler;
    for (int i = 0; i < threads; i++) {
      Worker worker = new Worker(Selector.open());
      workers.add(worker);
      worker.thread = new Thread(worker::run, "kvcache-worker-" + i);
      worker.thread.start();
    }
    acceptor = new Thread(this::accept, "kvcache-acceptor");
    acceptor.start();
  }

  /** Listens on 127.0.0.1:{@code port} (0: a free port). */
  public static NioServer start(int port, CommandHandler handler, int threads) throws IOException {
    ServerSocketChannel listener = ServerSocketChannel.open();
    listener.bind(new InetSocketAddress("127.0.0.1", port), 1024);
    return new NioServer(listener, handler, threads);
  }

  public int port() {
    return listener.socket().getLocalPort();
  }

  private void accept() {
    int next = 0;
    while (running) {
      try {
        SocketChannel channel = listener.accept();
        channel.configureBlocking(false);
        channel.socket().setTcpNoDelay(true);
        Worker worker = workers.get(next++ % workers.size());
        worker.incoming.add(channel);
        worker.selector.wakeup();
      } catch (ClosedChannelException e) {
        return;
      } catch (IOException e) {
        if (running) {
          System.err.println("kvcache: accept failed: " + e);
        }
      }
    }
  }

  /** Stops accepting, closes every connection and waits for the workers to finish. */
  @Override
  public void close() throws IOException {
    running = false;
    listener.close();
    for (Worker worker : workers) {
      worker.selector.wakeup();
    }
    try {
      acceptor.join();
      for (Worker worker : workers) {
        worker.thread.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private final class Worker {
    final Selector selector;
    final Queue<SocketChannel> incoming = new ConcurrentLinkedQueue<>();
    Thread thread;

    Worker(Selector selector) {
      this.selector = selector;
    }

    void run() {
      try {
        while (running) {
          selector.select();
          for (SocketChannel channel; (channel = incoming.poll()) != null; ) {
            handler.stats().connectionOpened();
            channel.register(selector, SelectionKey.OP_READ, handler.newSession());
          }
          for (SelectionKey key : selector.selectedKeys()) {
            serve(key);
          }
          selector.selectedKeys().clear();
        }
        for (SelectionKey key : selector.keys()) {
          close(key);
        }
        selector.close();
      } catch (IOException e) {
        System.err.println("kvcache: worker failed: " + e);
      }
    }

    private void serve(SelectionKey key) {
      SocketChannel channel = (SocketChannel) key.channel();
      Session session = (Session) key.attachment();
      try {
        if (key.isValid() && key.isReadable() && session.readFrom(channel) < 0) {
          close(key);
          return;
        }
        boolean written = session.replies().writeTo(channel);
        if (session.closed() && (written || !channel.isConnected())) {
          close(key);
          return;
        }
        int interest = written ? 0 : SelectionKey.OP_WRITE;
        if (!session.closed() && session.replies().pending() < MAX_PENDING_REPLIES) {
          interest |= SelectionKey.OP_READ;
        }
        key.interestOps(interest);
      } catch (IOException e) {
        close(key); // the client went away
      }
    }

    private void close(SelectionKey key) {
      if (!key.isValid()) {
        return; // closed already, its cancellation not yet selected
      }
      ((Session) key.attachment()).ended();
      key.cancel();
      try {
        key.channel().close();
      } catch (IOException e) {
        // closing a connection that already failed
      }
      handler.stats().connectionClosed();
    }
  }
}
