package dev.orthrus.runtime;

import dev.orthrus.runtime.concurrent.IdleStrategy;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.sample.AdaptiveSampling;
import dev.orthrus.runtime.sample.ArmedSampling;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.runtime.sample.RandomSampling;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The runtime's system properties ({@code -Dorthrus.*}), read when the process-wide runtime starts
 * at the first closure call (decision 0026). Each maps to one {@link RuntimeConfig} option; a bad
 * value is refused with an {@link IllegalArgumentException} naming the property and what it
 * accepts. docs/runtime.md, "Configuration", lists them ({@code RuntimePropertiesTest} checks that
 * every one is there).
 */
final class RuntimeProperties {

  static final String PREFIX = "orthrus.";

  /** Where reproducer files go unless {@code orthrus.reproducers} says otherwise. */
  static final String DEFAULT_REPRODUCERS = "orthrus-reproducers";

  /** {@code orthrus.mode}. */
  enum Mode {
    /** No runtime: closures run unlogged, no thread is started. */
    OFF,
    ON,
    /** Every closure strict. */
    STRICT
  }

  /** What the properties say: the mode and the runtime's configuration. */
  record Settings(
      Mode mode,
      boolean everyExecution,
      boolean summary,
      Path summaryFolder,
      RuntimeConfig config) {}

  /** One property: its name after {@link #PREFIX}, what it accepts, and how it sets a value. */
  private record Property(String name, String accepts, BiConsumer<Parsed, String> apply) {}

  /** The settings while they are being read. */
  private static final class Parsed {
    final RuntimeConfig.Builder config = RuntimeConfig.builder();
    Mode mode = Mode.ON;
    boolean everyExecution;
    boolean summary;
    Path summaryFolder;
  }

  private static final List<Property> PROPERTIES =
      List.of(
          new Property(
              "mode",
              "off, on, strict",
              (p, v) -> {
                p.mode = Mode.valueOf(choice(v, "off", "on", "strict").toUpperCase(Locale.ROOT));
                p.config.strictAll(p.mode == Mode.STRICT);
              }),
          new Property(
              "sampling",
              "default, all, adaptive, random",
              (p, v) -> {
                switch (choice(v, "default", "all", "adaptive", "random")) {
                  case "all" -> {
                    p.everyExecution = true;
                    p.config.sampling(() -> new FixedSampling(1.0));
                  }
                  case "adaptive" -> p.config.sampling(AdaptiveSampling::new);
                  case "random" -> p.config.sampling(() -> new RandomSampling(1.0));
                  default -> p.config.sampling(ArmedSampling::new);
                }
              }),
          new Property(
              "validationBudget",
              "a number > 0: validator CPU time per application CPU time, e.g. 0.25;"
                  + " not with -Dorthrus.sampling=all",
              (p, v) -> {
                if (p.everyExecution) {
                  throw new IllegalArgumentException(
                      "-Dorthrus.sampling=all validates every execution, whatever it costs");
                }
                p.config.validationBudget(decimal(v));
              }),
          new Property(
              "budget",
              "a share of time in (0, 1], e.g. 0.04",
              (p, v) -> p.config.overheadBudget(decimal(v))),
          new Property(
              "logCost",
              "nanoseconds per log and per entry, e.g. 300,20",
              (p, v) -> {
                String[] parts = v.split(",", -1);
                if (parts.length != 2) {
                  throw new IllegalArgumentException("two numbers expected");
                }
                p.config.logCostNanos(decimal(parts[0]), decimal(parts[1]));
              }),
          new Property(
              "validators", "a whole number >= 1", (p, v) -> p.config.validators(positive(v))),
          new Property(
              "maxValidators",
              "a whole number >= 1",
              (p, v) -> p.config.maxValidators(positive(v))),
          new Property("pin", "true, false", (p, v) -> p.config.pinValidators(bool(v))),
          new Property("spinOnOwnCpu", "true, false", (p, v) -> p.config.spinOnOwnCpu(bool(v))),
          new Property(
              "idle",
              "backoff, busy-spin",
              (p, v) ->
                  p.config.idleStrategy(
                      choice(v, "backoff", "busy-spin").equals("backoff")
                          ? IdleStrategy::backoff
                          : IdleStrategy::busySpin)),
          new Property(
              "validatorStack",
              "a size of at least 64k, e.g. 64m",
              (p, v) -> p.config.validatorStackBytes(bytes(v))),
          new Property(
              "logsPerThread",
              "a whole number in 2..1048576",
              (p, v) -> p.config.logsPerThread(positive(v))),
          new Property(
              "memoryBudget",
              "a size in bytes, k, m or g, e.g. 256m",
              (p, v) -> p.config.memoryBudgetBytes(bytes(v))),
          new Property(
              "queueTarget", "a whole number >= 1", (p, v) -> p.config.queueTarget(positive(v))),
          new Property(
              "delayFactor", "a number > 1, e.g. 1.5", (p, v) -> p.config.delayFactor(decimal(v))),
          new Property(
              "strictTimeout",
              "a duration in ms or s, e.g. 500ms, 10s",
              (p, v) -> p.config.strictTimeout(duration(v))),
          new Property(
              "policy",
              "report, fail-stop",
              (p, v) ->
                  p.config.policy(
                      choice(v, "report", "fail-stop").equals("report")
                          ? DetectionPolicy.REPORT
                          : DetectionPolicy.FAIL_STOP)),
          new Property(
              "reproducers",
              "a folder, or none",
              (p, v) -> p.config.reproducerDir(v.equals("none") ? null : folder(v))),
          new Property("jmx", "true, false", (p, v) -> p.config.jmx(bool(v))),
          new Property("summary", "true, false", (p, v) -> p.summary = bool(v)),
          new Property("summaryFolder", "a folder", (p, v) -> p.summaryFolder = folder(v)));

  private RuntimeProperties() {}

  /**
   * Reads the properties {@code lookup} has (e.g. {@code System::getProperty}); an absent property
   * keeps its default.
   *
   * @throws IllegalArgumentException for the first bad value, naming the property and what it
   *     accepts
   */
  static Settings parse(Function<String, String> lookup) {
    Parsed p = new Parsed();
    p.config.reproducerDir(folder(DEFAULT_REPRODUCERS));
    for (Property property : PROPERTIES) {
      String value = lookup.apply(PREFIX + property.name());
      if (value == null) {
        continue;
      }
      try {
        property.apply().accept(p, value.trim());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "orthrus: bad value -D"
                + PREFIX
                + property.name()
                + "="
                + value
                + " ("
                + e.getMessage()
                + "); accepted: "
                + property.accepts(),
            e);
      }
    }
    return new Settings(p.mode, p.everyExecution, p.summary, p.summaryFolder, p.config.build());
  }

  /** The names of all properties, prefix included. */
  static List<String> names() {
    return PROPERTIES.stream().map(property -> PREFIX + property.name()).toList();
  }

  private static String choice(String value, String... accepted) {
    for (String a : accepted) {
      if (a.equals(value)) {
        return a;
      }
    }
    throw new IllegalArgumentException("not one of the accepted values");
  }

  private static boolean bool(String value) {
    return choice(value, "true", "false").equals("true");
  }

  private static double decimal(String value) {
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a number");
    }
  }

  private static int positive(String value) {
    int n;
    try {
      n = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a whole number");
    }
    if (n < 1) {
      throw new IllegalArgumentException("less than 1");
    }
    return n;
  }

  /** Bytes, with an optional k, m or g suffix (powers of 1024), as the JVM's -Xmx. */
  private static long bytes(String value) {
    String v = value.toLowerCase(Locale.ROOT);
    int shift = v.endsWith("k") ? 10 : v.endsWith("m") ? 20 : v.endsWith("g") ? 30 : 0;
    String digits = shift > 0 ? v.substring(0, v.length() - 1) : v;
    long n;
    try {
      n = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a size");
    }
    if (n < 0 || n > Long.MAX_VALUE >> shift) {
      throw new IllegalArgumentException("not a size");
    }
    return n << shift;
  }

  private static Duration duration(String value) {
    boolean millis = value.endsWith("ms");
    if (!millis && !value.endsWith("s")) {
      throw new IllegalArgumentException("no unit");
    }
    String digits = value.substring(0, value.length() - (millis ? 2 : 1));
    long n;
    try {
      n = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a duration");
    }
    return millis ? Duration.ofMillis(n) : Duration.ofSeconds(n);
  }

  private static Path folder(String value) {
    if (value.isEmpty()) {
      throw new IllegalArgumentException("empty");
    }
    try {
      return Path.of(value).toAbsolutePath();
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
  }
}
