package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.RuntimeProperties.Mode;
import dev.orthrus.runtime.RuntimeProperties.Settings;
import dev.orthrus.runtime.report.DetectionPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code -Dorthrus.*}: defaults, every property read, and bad values refused by name. */
class RuntimePropertiesTest {

  private static Settings parse(Map<String, String> properties) {
    return RuntimeProperties.parse(properties::get);
  }

  @Test
  void noPropertiesGiveTheDefaults() {
    Settings s = parse(Map.of());
    RuntimeConfig defaults = RuntimeConfig.builder().build();
    assertEquals(Mode.ON, s.mode());
    assertFalse(s.everyExecution());
    assertFalse(s.summary());
    assertEquals("armed", s.config().sampling.get().name());
    assertEquals(defaults.overheadBudget, s.config().overheadBudget);
    assertEquals(defaults.validators, s.config().validators);
    assertEquals(defaults.policy, s.config().policy);
    assertFalse(s.config().strictAll);
    assertEquals(Path.of("orthrus-reproducers").toAbsolutePath(), s.config().reproducerDir);
  }

  @Test
  void everyPropertyIsRead() {
    Map<String, String> p =
        Map.ofEntries(
            Map.entry("orthrus.mode", "strict"),
            Map.entry("orthrus.sampling", "adaptive"),
            Map.entry("orthrus.validationBudget", "0.25"),
            Map.entry("orthrus.budget", "0.1"),
            Map.entry("orthrus.logCost", "150,10"),
            Map.entry("orthrus.validators", "2"),
            Map.entry("orthrus.maxValidators", "3"),
            Map.entry("orthrus.pin", "true"),
            Map.entry("orthrus.spinOnOwnCpu", "false"),
            Map.entry("orthrus.idle", "busy-spin"),
            Map.entry("orthrus.validatorStack", "1m"),
            Map.entry("orthrus.logsPerThread", "128"),
            Map.entry("orthrus.memoryBudget", "64m"),
            Map.entry("orthrus.queueTarget", "16"),
            Map.entry("orthrus.delayFactor", "2.5"),
            Map.entry("orthrus.strictTimeout", "500ms"),
            Map.entry("orthrus.policy", "fail-stop"),
            Map.entry("orthrus.reproducers", "none"),
            Map.entry("orthrus.jmx", "true"),
            Map.entry("orthrus.summary", "true"),
            Map.entry("orthrus.summaryFolder", "target/orthrus/test-runs"));
    assertEquals(RuntimeProperties.names().size(), p.size(), "a property without a case here");
    Settings s = parse(p);
    RuntimeConfig c = s.config();
    assertEquals(Mode.STRICT, s.mode());
    assertTrue(c.strictAll);
    assertFalse(s.everyExecution());
    assertEquals("adaptive", c.sampling.get().name());
    assertEquals(1.0, c.sampling.get().rate());
    assertEquals(0.25, c.validationBudget);
    assertEquals(0.1, c.overheadBudget);
    assertEquals(150, c.logCostFixedNanos);
    assertEquals(10, c.logCostPerEntryNanos);
    assertEquals(2, c.validators);
    assertEquals(3, c.maxValidators);
    assertTrue(c.pinValidators);
    assertFalse(c.spinOnOwnCpu);
    assertEquals("BusySpinIdleStrategy", c.idleStrategy.get().getClass().getSimpleName());
    assertEquals(1 << 20, c.validatorStackBytes);
    assertEquals(128, c.logsPerThread);
    assertEquals(64L << 20, c.memoryBudgetBytes);
    assertEquals(16, c.queueTarget);
    assertEquals(2.5, c.delayFactor);
    assertEquals(Duration.ofMillis(500), c.strictTimeout);
    assertEquals(DetectionPolicy.FAIL_STOP, c.policy);
    assertNull(c.reproducerDir);
    assertTrue(c.jmx);
    assertTrue(s.summary());
    assertEquals(Path.of("target/orthrus/test-runs").toAbsolutePath(), s.summaryFolder());
    assertNull(parse(Map.of()).summaryFolder(), "no summary file by default");
    assertEquals(Mode.OFF, parse(Map.of("orthrus.mode", "off")).mode());
    Settings all = parse(Map.of("orthrus.sampling", "all"));
    assertTrue(all.everyExecution());
    assertEquals("fixed", all.config().sampling.get().name());
    assertEquals(1.0, all.config().sampling.get().rate());
    assertEquals(
        "random", parse(Map.of("orthrus.sampling", "random")).config().sampling.get().name());
    assertEquals(
        "armed", parse(Map.of("orthrus.sampling", "default")).config().sampling.get().name());
    assertEquals(0, parse(Map.of()).config().validationBudget, "no budget by default");
    assertEquals(
        Path.of("repro").toAbsolutePath(),
        parse(Map.of("orthrus.reproducers", "repro")).config().reproducerDir);
    assertEquals(
        Duration.ofSeconds(3), parse(Map.of("orthrus.strictTimeout", "3s")).config().strictTimeout);
  }

  @Test
  void aBadValueIsRefusedNamingThePropertyAndWhatItAccepts() {
    Map<String, String> accepts =
        Map.ofEntries(
            Map.entry("orthrus.mode", "off, on, strict"),
            Map.entry("orthrus.sampling", "default, all, adaptive, random"),
            Map.entry("orthrus.validationBudget", "validator CPU time per application CPU time"),
            Map.entry("orthrus.budget", "(0, 1]"),
            Map.entry("orthrus.logCost", "e.g. 300,20"),
            Map.entry("orthrus.validators", ">= 1"),
            Map.entry("orthrus.maxValidators", ">= 1"),
            Map.entry("orthrus.pin", "true, false"),
            Map.entry("orthrus.spinOnOwnCpu", "true, false"),
            Map.entry("orthrus.idle", "backoff, busy-spin"),
            Map.entry("orthrus.validatorStack", "at least 64k"),
            Map.entry("orthrus.logsPerThread", "2..1048576"),
            Map.entry("orthrus.memoryBudget", "k, m or g"),
            Map.entry("orthrus.queueTarget", ">= 1"),
            Map.entry("orthrus.delayFactor", "> 1"),
            Map.entry("orthrus.strictTimeout", "ms or s"),
            Map.entry("orthrus.policy", "report, fail-stop"),
            Map.entry("orthrus.reproducers", "a folder, or none"),
            Map.entry("orthrus.jmx", "true, false"),
            Map.entry("orthrus.summary", "true, false"),
            Map.entry("orthrus.summaryFolder", "a folder"));
    assertEquals(RuntimeProperties.names().size(), accepts.size(), "a property without a case");
    Map<String, List<String>> bad =
        Map.ofEntries(
            Map.entry("orthrus.mode", List.of("maybe", "ON", "")),
            Map.entry("orthrus.sampling", List.of("half", "100%", "Adaptive")),
            Map.entry("orthrus.validationBudget", List.of("0", "-1", "Infinity", "NaN", "1/4")),
            Map.entry("orthrus.budget", List.of("0", "1.5", "-0.1", "NaN", "4%")),
            Map.entry("orthrus.logCost", List.of("300", "a,b", "-1,20", "0,0")),
            Map.entry("orthrus.validators", List.of("0", "-1", "two", "1.5")),
            Map.entry("orthrus.maxValidators", List.of("0", "x")),
            Map.entry("orthrus.pin", List.of("yes", "1")),
            Map.entry("orthrus.spinOnOwnCpu", List.of("no")),
            Map.entry("orthrus.idle", List.of("park")),
            Map.entry("orthrus.validatorStack", List.of("1k", "lots", "-64m")),
            Map.entry("orthrus.logsPerThread", List.of("1", "2000000", "many")),
            Map.entry("orthrus.memoryBudget", List.of("0", "1t", "99999999999g", "m")),
            Map.entry("orthrus.queueTarget", List.of("0")),
            Map.entry("orthrus.delayFactor", List.of("1", "0.5", "fast")),
            Map.entry("orthrus.strictTimeout", List.of("10", "0s", "-1s", "soon", "ms")),
            Map.entry("orthrus.policy", List.of("callback", "halt")),
            Map.entry("orthrus.reproducers", List.of("", "bad\0path")),
            Map.entry("orthrus.jmx", List.of("on")),
            Map.entry("orthrus.summary", List.of("maybe")),
            Map.entry("orthrus.summaryFolder", List.of("", "bad\0path")));
    List<String> notRefused = new ArrayList<>();
    for (Map.Entry<String, List<String>> property : bad.entrySet()) {
      for (String value : property.getValue()) {
        try {
          parse(Map.of(property.getKey(), value));
          notRefused.add(property.getKey() + "=" + value);
        } catch (IllegalArgumentException e) {
          String m = e.getMessage();
          assertTrue(m.contains("-D" + property.getKey() + "=" + value + " "), m);
          assertTrue(m.contains(accepts.get(property.getKey())), m);
        }
      }
    }
    assertEquals(List.of(), notRefused);
  }

  @Test
  void everyExecutionValidatedCannotBeHeldToAValidationBudget() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse(Map.of("orthrus.sampling", "all", "orthrus.validationBudget", "0.25")));
    assertTrue(e.getMessage().contains("-Dorthrus.validationBudget=0.25"), e::getMessage);
    assertTrue(e.getMessage().contains("validates every execution"), e::getMessage);
  }

  @Test
  void aBadPropertyIsRefusedEvenWithValidationOff() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse(Map.of("orthrus.mode", "off", "orthrus.validators", "none")));
    assertTrue(e.getMessage().contains("orthrus.validators"), e::getMessage);
  }

  @Test
  void everyPropertyIsDocumented() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "runtime.md"));
    int start = doc.indexOf("### System properties");
    assertTrue(start >= 0, "docs/runtime.md has no 'System properties' section");
    String section = doc.substring(start, doc.indexOf("\n## ", start));
    for (String name : RuntimeProperties.names()) {
      assertTrue(section.contains("`" + name + "`"), name + " is not documented");
    }
  }
}
