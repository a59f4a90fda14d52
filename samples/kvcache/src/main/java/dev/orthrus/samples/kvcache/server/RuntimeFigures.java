package dev.orthrus.samples.kvcache.server;

import dev.orthrus.samples.kvcache.protocol.ExtraStats;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Orthrus runtime's figures in mode orthrus: executions validated and not, detections, the
 * validation latency. Read reflectively, so that the sample's sources compile without the runtime
 * (the vanilla build and the analyses that read them); only the protected build calls this.
 */
final class RuntimeFigures implements ExtraStats {

  /** The runtime's validation latency histogram at the last {@code stats reset}; null before. */
  private volatile Object latencyAtReset;

  @Override
  public Map<String, Number> read() {
    return since(latencyAtReset, 0);
  }

  /**
   * From now on {@code orthrus_validation_latency_*} cover the executions validated after this
   * call; the counts go on.
   */
  @Override
  public void reset() {
    try {
      Object rt = runtime();
      latencyAtReset = validating(rt) ? call(rt, "latencyTotal") : null;
    } catch (ReflectiveOperationException e) {
      throw unreadable(e);
    }
  }

  /**
   * {@code orthrus_validated}, {@code orthrus_not_validated}, {@code orthrus_detections}, {@code
   * orthrus_log_wait_ns} (time the server's threads waited for a free log) (totals), {@code
   * orthrus_validation_latency_samples} (timed validations), {@code
   * orthrus_validation_latency_mean_us}, {@code orthrus_validation_latency_p50_us} and {@code
   * orthrus_validation_latency_p99_us} (of the delays recorded since {@code latencyAtReset} was
   * taken, or all when it is null), after waiting up to {@code drainMillis} for the validators to
   * catch up.
   *
   * @throws IllegalStateException when the runtime is not on the class path
   */
  static Map<String, Number> since(Object latencyAtReset, long drainMillis) {
    try {
      Object rt = runtime();
      if (!validating(rt)) {
        return notValidating();
      }
      if (drainMillis > 0) {
        call(rt, "awaitDrained", drainMillis);
      }
      Object detections = call(rt, "detections");
      Object latency = call(rt, "latencyTotal"); // a copy
      if (latencyAtReset != null) {
        call(latency, "subtract", latencyAtReset);
      }
      Map<String, Number> figures = new LinkedHashMap<>();
      figures.put("orthrus_validated", (Number) call(rt, "validatedCount"));
      figures.put("orthrus_not_validated", (Number) call(rt, "notValidatedCount"));
      figures.put("orthrus_detections", (Number) call(detections, "count"));
      figures.put("orthrus_log_wait_ns", (Number) call(rt, "logWaitNanos"));
      figures.put("orthrus_validation_latency_samples", (Number) call(latency, "getTotalCount"));
      figures.put(
          "orthrus_validation_latency_mean_us",
          ((Number) call(latency, "getMean")).doubleValue() / 1e3);
      figures.put(
          "orthrus_validation_latency_p50_us",
          ((Number) call(latency, "getValueAtPercentile", 50.0)).doubleValue() / 1e3);
      figures.put(
          "orthrus_validation_latency_p99_us",
          ((Number) call(latency, "getValueAtPercentile", 99.0)).doubleValue() / 1e3);
      return figures;
    } catch (ReflectiveOperationException e) {
      throw unreadable(e);
    }
  }

  /**
   * Whether {@code rt} is an engine that validates, not the stand-in of {@code -Dorthrus.mode=off}
   * (the protected build run without validation), which keeps no figures.
   */
  private static boolean validating(Object rt) {
    for (Method m : rt.getClass().getMethods()) {
      if (m.getName().equals("detections") && m.getParameterCount() == 0) {
        return true;
      }
    }
    return false;
  }

  /** The figures of a runtime that validates nothing: every count 0, no latency sample. */
  private static Map<String, Number> notValidating() {
    Map<String, Number> figures = new LinkedHashMap<>();
    for (String count :
        new String[] {
          "orthrus_validated",
          "orthrus_not_validated",
          "orthrus_detections",
          "orthrus_log_wait_ns",
          "orthrus_validation_latency_samples"
        }) {
      figures.put(count, 0L);
    }
    figures.put("orthrus_validation_latency_mean_us", 0.0);
    figures.put("orthrus_validation_latency_p50_us", 0.0);
    figures.put("orthrus_validation_latency_p99_us", 0.0);
    return figures;
  }

  /** What a failed reflective read throws: the runtime's own exception when it threw one. */
  private static IllegalStateException unreadable(ReflectiveOperationException e) {
    Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
    return new IllegalStateException(
        "the Orthrus runtime's figures are not readable: " + cause, cause);
  }

  private static Object runtime() throws ReflectiveOperationException {
    return Class.forName("dev.orthrus.runtime.api.Orthrus").getMethod("runtime").invoke(null);
  }

  private static Object call(Object target, String name, Object... args)
      throws ReflectiveOperationException {
    for (Method m : target.getClass().getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == args.length) {
        return m.invoke(target, args);
      }
    }
    throw new NoSuchMethodException(target.getClass().getName() + "#" + name);
  }
}
