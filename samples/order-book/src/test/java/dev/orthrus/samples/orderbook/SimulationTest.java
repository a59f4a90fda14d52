package dev.orthrus.samples.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SimulationTest {

  @Test
  void theOutputDependsOnTheSeedOnly() throws InterruptedException {
    String once = run(new Simulation.Config(42, 10_000, 4, 1, false));

    assertEquals(once, run(new Simulation.Config(42, 10_000, 4, 1, false)));
    assertNotEquals(digest(once), digest(run(new Simulation.Config(43, 10_000, 4, 1, false))));
  }

  @Test
  void threadsThatOwnTheirSymbolsGiveTheSameOutputAsOne() throws InterruptedException {
    String single = run(new Simulation.Config(5, 10_000, 5, 1, true));

    assertEquals(single, run(new Simulation.Config(5, 10_000, 5, 3, true)));
    assertEquals(single, run(new Simulation.Config(5, 10_000, 5, 8, true)));
  }

  @Test
  void theTraceHasOneLinePerOperationAndTheSummariesDoNotDependOnIt() throws InterruptedException {
    List<String> traced = lines(run(new Simulation.Config(9, 1001, 2, 1, true)));
    List<String> summaries = lines(run(new Simulation.Config(9, 1001, 2, 1, false)));

    // Per symbol a final statistics line and a summary; then the digest.
    assertEquals(1001 + 2 + 2 + 1, traced.size());
    assertEquals(
        summaries, traced.stream().filter(summaries::contains).collect(Collectors.toList()));
    assertEquals(3, summaries.size());
  }

  @Test
  void badArgumentsAreRejectedWithTheirName() {
    assertEquals(
        new Simulation.Config(7, 20, 4, 2, true),
        Main.parse(new String[] {"--seed", "7", "--ops", "20", "--threads", "2", "--trace"}));
    IllegalArgumentException missing =
        assertThrows(IllegalArgumentException.class, () -> Main.parse(new String[] {"--ops"}));
    assertEquals("--ops needs a number", missing.getMessage());
    IllegalArgumentException notNumber =
        assertThrows(
            IllegalArgumentException.class, () -> Main.parse(new String[] {"--seed", "x"}));
    assertEquals("--seed needs a number: x", notNumber.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Main.parse(new String[] {"--fast"}));
    assertThrows(IllegalArgumentException.class, () -> Main.parse(new String[] {"--threads", "0"}));
    assertThrows(
        IllegalArgumentException.class, () -> Main.parse(new String[] {"--ops", "99999999999"}));
  }

  private static String run(Simulation.Config config) throws InterruptedException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      Simulation.run(config, out);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static List<String> lines(String output) {
    return Arrays.asList(output.split("\n"));
  }

  private static String digest(String output) {
    List<String> all = lines(output);
    return all.get(all.size() - 1);
  }
}
