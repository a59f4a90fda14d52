package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmUpTest {

  private final List<Long> slices = new ArrayList<>();
  private long compiled;

  @Test
  void aServerWithoutJitWarmsUpForTheMinimumOnly() throws IOException {
    assertEquals(3000, WarmUp.run(slices::add, 3000, 30_000, null));
    assertEquals(List.of(3_000_000_000L), slices);
  }

  @Test
  void goesOnWhileTheCompilersAreBusyAndStopsAfterTwoQuietSlicesInARow() throws IOException {
    // Each slice compiles half as long as the one before: 400 ms, 200, 100, 50 and 25 (quiet: 5%
    // of 1 s).
    WarmUp.Load load = compiling(800, 400, 200, 100, 50, 25, 12);
    assertEquals(3000 + 5000, WarmUp.run(load, 3000, 30_000, () -> compiled));
    assertEquals(6, slices.size());
  }

  @Test
  void aQuietSliceBetweenBurstsOfCompilationDoesNotEndIt() throws IOException {
    WarmUp.Load load = compiling(800, 400, 40, 400, 10, 0, 0);
    assertEquals(3000 + 5000, WarmUp.run(load, 3000, 30_000, () -> compiled));
  }

  /** A load whose n-th run (the minimum, then each slice) compiles for {@code millis[n]}. */
  private WarmUp.Load compiling(long... millis) {
    return nanos -> {
      compiled += millis[slices.size()] * 1_000_000;
      slices.add(nanos);
    };
  }

  @Test
  void stopsAtTheMaximumWhenTheCompilersNeverQuieten() throws IOException {
    WarmUp.Load load =
        nanos -> {
          compiled += 300_000_000;
          slices.add(nanos);
        };
    assertEquals(6000, WarmUp.run(load, 2000, 6000, () -> compiled));
    assertEquals(1 + 4, slices.size());
  }
}
