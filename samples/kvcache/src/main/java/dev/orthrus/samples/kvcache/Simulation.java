package dev.orthrus.samples.kvcache;

import dev.orthrus.samples.kvcache.server.InProcessServer;
import dev.orthrus.samples.kvcache.server.Main;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * A deterministic run of randomized memcached requests through the server's parser and handler (the
 * in-process transport, no socket): storage, retrieval, CAS, arithmetic, touch, meta and malformed
 * commands. Each thread is one client with keys of its own, so the output is the same for any
 * scheduling, and the same for the vanilla and the protected build. The memory limit is large
 * enough that nothing is evicted, expiration times are far off, and CAS values (one counter for the
 * whole cache, so they depend on how threads interleave) are masked.
 *
 * <pre>
 * Simulation [--seed S] [--ops N] [--threads T] [--trace]
 * </pre>
 *
 * Prints every request and reply when {@code --trace}, then one summary line per client and a
 * digest of everything, final contents included.
 */
public final class Simulation {

  /** Keys per client, and numeric keys (for incr and decr) per client. */
  private static final int KEYS = 48;

  private static final int NUMBERS = 6;

  /**
   * What to run.
   *
   * @param operations requests in total, spread evenly over the clients
   */
  public record Config(long seed, int operations, int threads, boolean trace) {
    public Config {
      if (operations < 0) {
        throw new IllegalArgumentException("operations must not be negative: " + operations);
      }
      if (threads < 1) {
        throw new IllegalArgumentException("there must be at least one thread: " + threads);
      }
    }
  }

  private Simulation() {}

  public static void main(String... args) throws InterruptedException {
    long seed = 1;
    int operations = 10_000;
    int threads = 1;
    boolean trace = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--seed" -> seed = Long.parseLong(value(args, ++i));
        case "--ops" -> operations = Integer.parseInt(value(args, ++i));
        case "--threads" -> threads = Integer.parseInt(value(args, ++i));
        case "--trace" -> trace = true;
        default -> {
          System.err.println(
              "kvcache simulation: unknown argument "
                  + args[i]
                  + "; usage: Simulation [--seed S] [--ops N] [--threads T] [--trace]");
          System.exit(2);
        }
      }
    }
    run(new Config(seed, operations, threads, trace), System.out);
    System.out.flush();
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  /** Runs the clients and prints their traces (when asked), summaries and the digest. */
  public static void run(Config config, PrintStream out) throws InterruptedException {
    List<Client> clients = new ArrayList<>();
    try (InProcessServer server =
        InProcessServer.start(
            "--mode", Main.build(), "-m", "64", "-t", Integer.toString(config.threads()))) {
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < config.threads(); t++) {
        int operations =
            config.operations() / config.threads()
                + (t < config.operations() % config.threads() ? 1 : 0);
        Client client =
            new Client(t, server.connect(), new SplittableRandom(config.seed() * 1_000_003 + t));
        clients.add(client);
        threads.add(new Thread(() -> client.run(operations), "kvcache-client-" + t));
      }
      threads.forEach(Thread::start);
      for (Thread thread : threads) {
        thread.join();
      }
    }
    CRC32 digest = new CRC32();
    for (Client client : clients) {
      if (client.failure != null) {
        throw new IllegalStateException("client " + client.id + " failed", client.failure);
      }
      if (config.trace()) {
        client.lines.forEach(out::println);
      }
      out.printf(
          "client %d: %d requests, %d replies of errors, trace crc %08x, contents crc %08x%n",
          client.id, client.requests, client.errors, client.trace.getValue(), client.contents);
      digest.update(
          (client.trace.getValue() + ":" + client.contents + ";").getBytes(StandardCharsets.UTF_8));
    }
    out.printf("digest %08x%n", digest.getValue());
  }

  /** One client: a conversation, its own keys, its random requests and what it saw. */
  private static final class Client {
    final int id;
    final ByteChannel channel;
    final SplittableRandom random;
    final List<String> lines = new ArrayList<>();
    final CRC32 trace = new CRC32();
    final Map<String, String> lastCas = new HashMap<>();
    final ByteBuffer replies = ByteBuffer.allocate(1 << 20);

    /** The request as the trace shows it (its CAS value masked), when it differs. */
    String traced;

    int requests;
    int errors;
    long contents;
    Throwable failure;

    Client(int id, ByteChannel channel, SplittableRandom random) {
      this.id = id;
      this.channel = channel;
      this.random = random;
    }

    void run(int operations) {
      try {
        for (int i = 0; i < operations; i++) {
          traced = null;
          String request = nextRequest();
          String reply = exchange(request);
          rememberCas(reply);
          String shown = traced != null ? traced : request;
          String line = id + " " + printable(shown) + " -> " + printable(masked(reply));
          lines.add(line);
          trace.update(line.getBytes(StandardCharsets.UTF_8));
          requests++;
          if (reply.startsWith("ERROR") || reply.startsWith("CLIENT_ERROR")) {
            errors++;
          }
        }
        contents = contents();
      } catch (Throwable e) {
        failure = e;
      }
    }

    /** The values of every key this client may have stored, read back at the end. */
    private long contents() {
      CRC32 crc = new CRC32();
      StringBuilder get = new StringBuilder("get");
      for (int k = 0; k < KEYS; k++) {
        get.append(' ').append(key(k));
      }
      for (int n = 0; n < NUMBERS; n++) {
        get.append(' ').append(number(n));
      }
      crc.update(exchange(get.append("\r\n").toString()).getBytes(StandardCharsets.UTF_8));
      return crc.getValue();
    }

    private String key(int k) {
      return "c" + id + ":key" + k;
    }

    private String number(int n) {
      return "c" + id + ":num" + n;
    }

    private String anyKey() {
      return key(random.nextInt(KEYS));
    }

    private String value() {
      int length = random.nextInt(5) == 0 ? random.nextInt(400) : random.nextInt(40);
      StringBuilder v = new StringBuilder(length);
      for (int i = 0; i < length; i++) {
        v.append((char) ('!' + random.nextInt(94)));
      }
      return v.toString();
    }

    private String exptime() {
      return random.nextBoolean() ? "0" : "3600";
    }

    private String storage(String command, String key) {
      String v = value();
      return command
          + " "
          + key
          + " "
          + random.nextInt(1 << 16)
          + " "
          + exptime()
          + " "
          + v.length()
          + "\r\n"
          + v
          + "\r\n";
    }

    private String nextRequest() {
      int op = random.nextInt(100);
      if (op < 20) {
        return storage("set", anyKey());
      } else if (op < 25) {
        return storage("add", anyKey());
      } else if (op < 30) {
        return storage("replace", anyKey());
      } else if (op < 34) {
        return storage("append", anyKey());
      } else if (op < 38) {
        return storage("prepend", anyKey());
      } else if (op < 52) {
        return "get " + anyKey() + "\r\n";
      } else if (op < 56) {
        return "get " + anyKey() + " " + anyKey() + " " + number(random.nextInt(NUMBERS)) + "\r\n";
      } else if (op < 61) {
        return "gets " + anyKey() + "\r\n";
      } else if (op < 65) {
        // CAS 0 never matches (every item's is at least 1); a remembered one may.
        String key = anyKey();
        String cas = random.nextInt(4) == 0 ? "0" : lastCas.getOrDefault(key, "0");
        String v = value();
        String command = "cas " + key + " 0 0 " + v.length() + " ";
        traced = command + (cas.equals("0") ? "0" : "#") + "\r\n" + v + "\r\n";
        return command + cas + "\r\n" + v + "\r\n";
      } else if (op < 72) {
        return "delete " + anyKey() + "\r\n";
      } else if (op < 75) {
        String n = Long.toUnsignedString(random.nextLong() >>> random.nextInt(64));
        return "set "
            + number(random.nextInt(NUMBERS))
            + " 0 0 "
            + n.length()
            + "\r\n"
            + n
            + "\r\n";
      } else if (op < 81) {
        return (random.nextBoolean() ? "incr " : "decr ")
            + number(random.nextInt(NUMBERS))
            + " "
            + Long.toUnsignedString(random.nextLong() >>> random.nextInt(64))
            + "\r\n";
      } else if (op < 84) {
        return "touch " + anyKey() + " 3600\r\n";
      } else if (op < 87) {
        return "gat 3600 " + anyKey() + "\r\n";
      } else if (op < 90) {
        return "mg " + anyKey() + " v f k\r\n";
      } else if (op < 92) {
        String v = value();
        return "ms "
            + anyKey()
            + " "
            + v.length()
            + " F"
            + random.nextInt(100)
            + "\r\n"
            + v
            + "\r\n";
      } else if (op < 94) {
        return "md " + anyKey() + "\r\n";
      } else if (op < 96) {
        return "ma " + number(random.nextInt(NUMBERS)) + " D" + random.nextInt(1000) + " v\r\n";
      } else if (op < 98) {
        return "set " + anyKey() + " 0 0 1 noreply\r\nx\r\n";
      } else {
        return random.nextBoolean() ? "bogus " + anyKey() + "\r\n" : "get\r\n";
      }
    }

    /** Sends one request and returns every reply byte it produced. */
    private String exchange(String request) {
      try {
        ByteBuffer bytes = ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII));
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        StringBuilder reply = new StringBuilder();
        while (true) {
          replies.clear();
          int n = channel.read(replies);
          if (n <= 0) {
            break;
          }
          reply.append(new String(replies.array(), 0, n, StandardCharsets.US_ASCII));
        }
        return reply.toString();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** Remembers the CAS value a {@code gets} reply gave, for a later {@code cas}. */
    private void rememberCas(String reply) {
      if (!reply.startsWith("VALUE ")) {
        return;
      }
      String[] header = reply.substring(0, reply.indexOf("\r\n")).split(" ");
      if (header.length == 5) {
        lastCas.put(header[1], header[4]);
      }
    }
  }

  /** The reply with the CAS values of {@code VALUE} lines replaced by {@code #}. */
  static String masked(String reply) {
    StringBuilder out = new StringBuilder(reply.length());
    int at = 0;
    while (at < reply.length()) {
      int end = reply.indexOf("\r\n", at);
      if (end < 0) {
        end = reply.length();
      }
      String line = reply.substring(at, end);
      String[] parts = line.split(" ");
      if (parts.length == 5 && parts[0].equals("VALUE")) {
        line = parts[0] + " " + parts[1] + " " + parts[2] + " " + parts[3] + " #";
      }
      out.append(line);
      if (end < reply.length()) {
        out.append("\r\n");
      }
      at = Math.min(reply.length(), end + 2);
    }
    return out.toString();
  }

  private static String printable(String s) {
    return s.replace("\r\n", "\\r\\n");
  }
}
