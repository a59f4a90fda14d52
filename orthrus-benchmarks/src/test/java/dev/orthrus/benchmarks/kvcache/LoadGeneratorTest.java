package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.benchmarks.kvcache.FakeMemcached.Fault;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The load generator's reply checking: a server that answers wrongly cannot be measured. */
class LoadGeneratorTest {

  /** Few keys and many sets, so that gets often follow this connection's own sets. */
  private static final Workload WORKLOAD = new Workload(50, 0.99, 50, 32, 200, 2, 8, 7);

  private static LoadGenerator.Phase load(Fault fault) throws IOException {
    FakeMemcached server = new FakeMemcached(fault);
    try (LoadGenerator load = new LoadGenerator(WORKLOAD, server::connect, -1)) {
      load.preload();
      return load.run(0, 4000);
    }
  }

  @Test
  void aCorrectServerIsMeasured() throws IOException {
    LoadGenerator.Phase phase = load(Fault.NONE);
    assertEquals(4000, phase.ops());
    assertEquals(phase.ops(), phase.gets() + phase.sets());
    assertEquals(0, phase.misses());
    assertEquals(phase.ops(), phase.latency().getTotalCount());
    assertTrue(phase.gets() > 1000 && phase.sets() > 1000, phase.toString());
  }

  @Test
  void aStaleValueIsCaught() {
    ReplyException e = assertThrows(ReplyException.class, () -> load(Fault.STALE));
    assertTrue(e.getMessage().contains("returned the preloaded value"), e.getMessage());
  }

  @Test
  void aCorruptValueIsCaught() {
    ReplyException e = assertThrows(ReplyException.class, () -> load(Fault.CORRUPT));
    assertTrue(e.getMessage().contains("not one written for this key"), e.getMessage());
  }

  @Test
  void aRefusedSetIsCaught() {
    ReplyException e = assertThrows(ReplyException.class, () -> load(Fault.NOT_STORED));
    assertTrue(e.getMessage().contains("expected STORED, got 'NOT_STORED'"), e.getMessage());
  }

  @Test
  void aCountingLoadCountsCorruptValuesAndGoesOn() throws IOException {
    FakeMemcached server = new FakeMemcached(Fault.CORRUPT);
    try (LoadGenerator load = new LoadGenerator(WORKLOAD, server::connect, -1, true)) {
      load.preload();
      LoadGenerator.Phase phase = load.run(0, 4000);
      assertEquals(0, phase.gets(), "every get was answered wrongly");
      assertEquals(phase.ops(), phase.sets());
      assertTrue(phase.ops() >= 4000, phase.toString());
      assertTrue(load.wrongReplies() > 100, "wrong replies: " + load.wrongReplies());
      assertTrue(load.firstWrongReply().contains("not one written"), load.firstWrongReply());
    }
  }

  @Test
  void aCountingLoadGoesOnOverANewConnectionAfterABrokenFrame() throws IOException {
    FakeMemcached server = new FakeMemcached(Fault.LONG_LENGTH);
    try (LoadGenerator load = new LoadGenerator(WORKLOAD, server::connect, -1, true)) {
      load.preload();
      LoadGenerator.Phase phase = load.run(0, 4000);
      assertEquals(phase.ops(), phase.gets() + phase.sets());
      assertTrue(phase.ops() >= 4000, phase.toString());
      long wrong = load.wrongReplies();
      assertTrue(wrong > 0 && wrong < phase.gets(), "one hit in five is wrong: " + wrong);
      assertTrue(load.firstWrongReply().contains("shorter than announced"), load.firstWrongReply());
      assertTrue(load.stats().number("curr_items").isPresent(), "stats still come");
    }
  }

  @Test
  void aCountingLoadCountsWronglyAnsweredSets() throws IOException {
    FakeMemcached server = new FakeMemcached(Fault.NOT_STORED);
    try (LoadGenerator load = new LoadGenerator(WORKLOAD, server::connect, -1, true)) {
      load.preload();
      LoadGenerator.Phase phase = load.run(0, 4000);
      assertEquals(0, phase.sets());
      assertEquals(phase.ops(), phase.gets(), "every get was right");
      assertTrue(load.wrongReplies() > 100, "wrong replies: " + load.wrongReplies());
      assertTrue(load.firstWrongReply().contains("got 'NOT_STORED'"), load.firstWrongReply());
    }
  }

  @Test
  void statsAreRead() throws IOException {
    FakeMemcached server = new FakeMemcached(Fault.NONE);
    try (LoadGenerator load = new LoadGenerator(WORKLOAD, server::connect, -1)) {
      load.preload();
      ServerStats stats = load.stats();
      assertEquals(50.0, stats.number("curr_items").getAsDouble());
      assertTrue(stats.number(ServerStats.VALIDATED).isEmpty());
    }
  }
}
