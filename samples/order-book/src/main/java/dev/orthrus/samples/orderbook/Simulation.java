package dev.orthrus.samples.orderbook;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;

/**
 * A deterministic run of randomized operations over several symbols. Each symbol gets its own
 * operation stream, derived from the seed; with several threads each thread owns some symbols, so
 * the output is the same for any thread count and any scheduling.
 */
public final class Simulation {

  /** Order index buckets per book. */
  private static final int INDEX_CAPACITY = 1024;

  /**
   * What to run.
   *
   * @param operations the total number of operations, spread evenly over the symbols
   * @param trace whether to print every operation's line before the summaries
   */
  public record Config(long seed, int operations, int symbols, int threads, boolean trace) {
    public Config {
      if (operations < 0) {
        throw new IllegalArgumentException("operations must not be negative: " + operations);
      }
      if (symbols < 1) {
        throw new IllegalArgumentException("there must be at least one symbol: " + symbols);
      }
      if (threads < 1) {
        throw new IllegalArgumentException("there must be at least one thread: " + threads);
      }
    }
  }

  private Simulation() {}

  /**
   * Runs the operations and prints, per symbol, the trace (when asked) and a summary line, then a
   * digest of all summaries.
   */
  public static void run(Config config, PrintStream out) throws InterruptedException {
    List<String> symbols = new ArrayList<>();
    for (int i = 0; i < config.symbols(); i++) {
      symbols.add("SYM" + i);
    }
    Exchange exchange = new Exchange(symbols, INDEX_CAPACITY);
    List<SymbolSession> sessions = new ArrayList<>();
    for (int i = 0; i < symbols.size(); i++) {
      int operations =
          config.operations() / symbols.size() + (i < config.operations() % symbols.size() ? 1 : 0);
      sessions.add(
          new SymbolSession(
              exchange, symbols.get(i), symbolSeed(config.seed(), i), operations, config.trace()));
    }

    ExecutorService threads = Executors.newFixedThreadPool(config.threads());
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int t = 0; t < config.threads(); t++) {
        List<SymbolSession> owned = new ArrayList<>();
        for (int i = t; i < sessions.size(); i += config.threads()) {
          owned.add(sessions.get(i));
        }
        running.add(threads.submit(() -> interleave(owned)));
      }
      for (Future<?> thread : running) {
        thread.get();
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException("a simulation thread failed", e.getCause());
    } finally {
      threads.shutdownNow();
    }

    CRC32 digest = new CRC32();
    for (SymbolSession session : sessions) {
      String summary = session.finish();
      for (String line : session.trace()) {
        out.println(line);
      }
      out.println(summary);
      digest.update(summary.getBytes(StandardCharsets.UTF_8));
      digest.update('\n');
    }
    out.printf("digest %08x%n", digest.getValue());
  }

  /** Runs the sessions one operation at a time in turn, as a thread serving several symbols. */
  private static void interleave(List<SymbolSession> sessions) {
    boolean progress = true;
    while (progress) {
      progress = false;
      for (SymbolSession session : sessions) {
        if (!session.finished()) {
          session.step();
          progress = true;
        }
      }
    }
  }

  private static long symbolSeed(long seed, int symbolIndex) {
    return seed * 0x9E3779B97F4A7C15L + symbolIndex;
  }
}
