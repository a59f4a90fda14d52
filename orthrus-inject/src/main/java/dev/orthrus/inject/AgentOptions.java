package dev.orthrus.inject;

import dev.orthrus.inject.fault.FaultType;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The agent's options, {@code -javaagent:orthrus-inject.jar=key=value,key=value}:
 *
 * <ul>
 *   <li>{@code classes=DIR}: the protected build's class folder (required);
 *   <li>{@code out=FILE}: where the agent writes (profile: the site table; armed: what fired);
 *   <li>{@code mode=profile|single|persistent};
 *   <li>{@code site=N}, {@code type=bitflip1|bitflip2|bitflip3|stuck0|stuck1|noop}, {@code seed=S}:
 *       what to corrupt (single, persistent); {@code site=N+M+...} arms several sites of one shape
 *       that count their executions together (one instruction in a closure's plain and APP
 *       variants);
 *   <li>{@code occurrence=N}: the execution of the site to corrupt, from 1 (single); the first one
 *       to corrupt (persistent, default {@code every}: a defect present from the start);
 *   <li>{@code every=N}: corrupt every N-th execution from then on (persistent);
 *   <li>{@code thread=PREFIX}: only application threads whose name starts with it are the faulty
 *       core (default: all application threads);
 *   <li>{@code trigger=FILE}: the fault is armed when FILE exists (a core that turns bad while the
 *       program runs), not at start; executions are counted from then on.
 * </ul>
 */
record AgentOptions(
    Mode mode,
    Path classes,
    Path out,
    List<Integer> sites,
    FaultType type,
    long occurrence,
    long every,
    long seed,
    String threadPrefix,
    Path trigger) {

  enum Mode {
    PROFILE,
    SINGLE,
    PERSISTENT
  }

  private static final Set<String> KEYS =
      Set.of(
          "mode",
          "classes",
          "out",
          "site",
          "type",
          "occurrence",
          "every",
          "seed",
          "thread",
          "trigger");

  static AgentOptions parse(String args) {
    Map<String, String> values = new HashMap<>();
    if (args != null && !args.isBlank()) {
      for (String pair : args.split(",")) {
        int eq = pair.indexOf('=');
        String key = eq < 0 ? pair : pair.substring(0, eq);
        if (eq < 0 || !KEYS.contains(key)) {
          throw new IllegalArgumentException(
              "bad agent option '" + pair + "'; options are key=value with keys " + KEYS);
        }
        values.put(key, pair.substring(eq + 1));
      }
    }
    Mode mode =
        Mode.valueOf(values.getOrDefault("mode", "profile").toUpperCase(java.util.Locale.ROOT));
    String classes = require(values, "classes");
    String out = require(values, "out");
    List<Integer> sites = List.of();
    FaultType type = null;
    long occurrence = 0;
    long every = 0;
    if (mode != Mode.PROFILE) {
      sites = Stream.of(require(values, "site").split("\\+")).map(Integer::valueOf).toList();
      type = FaultType.of(require(values, "type"));
      if (mode == Mode.SINGLE) {
        occurrence = Long.parseLong(require(values, "occurrence"));
        if (occurrence < 1) {
          throw new IllegalArgumentException("occurrence counts from 1: " + occurrence);
        }
      } else {
        every = Long.parseLong(require(values, "every"));
        if (every < 1) {
          throw new IllegalArgumentException("every must be at least 1: " + every);
        }
        occurrence = Long.parseLong(values.getOrDefault("occurrence", Long.toString(every)));
        if (occurrence < 1) {
          throw new IllegalArgumentException("occurrence counts from 1: " + occurrence);
        }
      }
    }
    return new AgentOptions(
        mode,
        Path.of(classes),
        Path.of(out),
        sites,
        type,
        occurrence,
        every,
        Long.parseLong(values.getOrDefault("seed", "1")),
        values.get("thread"),
        values.containsKey("trigger") ? Path.of(values.get("trigger")) : null);
  }

  private static String require(Map<String, String> values, String key) {
    String v = values.get(key);
    if (v == null || v.isEmpty()) {
      throw new IllegalArgumentException("agent option " + key + "= is required");
    }
    return v;
  }
}
