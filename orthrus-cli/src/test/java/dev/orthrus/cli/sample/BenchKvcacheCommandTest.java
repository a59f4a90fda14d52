package dev.orthrus.cli.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.cli.OrthrusCommand;
import org.junit.jupiter.api.Test;

/** Bad options of {@code orthrus bench kvcache} are refused before any server starts. */
class BenchKvcacheCommandTest {

  private static void refused(String expected, String... args) {
    String[] all = new String[args.length + 2];
    all[0] = "bench";
    all[1] = "kvcache";
    System.arraycopy(args, 0, all, 2, args.length);
    CliRun r = CliRun.of(all);
    assertEquals(OrthrusCommand.EXIT_USAGE, r.exitCode(), r.toString());
    assertTrue(r.err().contains(expected), r.toString());
  }

  @Test
  void refusesBadOptions() {
    refused("at least 3 repetitions", "--modes", "memcached", "--repetitions", "2");
    refused("unknown mode 'fast'", "--modes", "vanilla,fast");
    refused("give each mode once", "--modes", "vanilla,vanilla");
    refused("--sampling must be default or all", "--sampling", "most");
    refused("--transport must be tcp or inproc", "--transport", "udp");
    refused(
        "memcached has no in-process transport", "--transport", "inproc", "--peer", "memcached");
    refused("--value-bytes must be N or MIN-MAX", "--value-bytes", "big");
    refused("value sizes must satisfy", "--value-bytes", "8");
    refused("--peer must be memcached", "--peer", "redis");
  }
}
