package dev.orthrus.samples.orderbook;

import java.io.PrintStream;

/**
 * Runs a {@link Simulation} and prints its summary lines and digest; two builds of this sample
 * agree when their outputs for one set of arguments are identical.
 */
public final class Main {

  private static final String USAGE =
      "usage: Main [--seed N] [--ops N] [--symbols N] [--threads N] [--trace]\n"
          + "  defaults: --seed 42 --ops 10000 --symbols 4 --threads 1";

  private Main() {}

  public static void main(String[] args) throws InterruptedException {
    Simulation.Config config;
    try {
      config = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    PrintStream out = System.out;
    Simulation.run(config, out);
    out.flush();
  }

  static Simulation.Config parse(String[] args) {
    long seed = 42;
    int operations = 10_000;
    int symbols = 4;
    int threads = 1;
    boolean trace = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--seed" -> seed = number(args, ++i);
        case "--ops" -> operations = count(args, ++i);
        case "--symbols" -> symbols = count(args, ++i);
        case "--threads" -> threads = count(args, ++i);
        case "--trace" -> trace = true;
        default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    return new Simulation.Config(seed, operations, symbols, threads, trace);
  }

  private static int count(String[] args, int i) {
    long n = number(args, i);
    if (n != (int) n) {
      throw new IllegalArgumentException(args[i - 1] + " is out of range: " + n);
    }
    return (int) n;
  }

  private static long number(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a number");
    }
    try {
      return Long.parseLong(args[i]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(args[i - 1] + " needs a number: " + args[i], e);
    }
  }
}
