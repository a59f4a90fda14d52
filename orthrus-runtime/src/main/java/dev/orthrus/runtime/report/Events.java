package dev.orthrus.runtime.report;

import dev.orthrus.runtime.api.Detection;

/** Emits the runtime's Flight Recorder events; each costs one check when recording is off. */
public final class Events {

  private static final ValidationLatencyEvent LATENCY_PROBE = new ValidationLatencyEvent();

  private Events() {}

  public static void detection(Detection d) {
    SdcDetectedEvent e = new SdcDetectedEvent();
    if (!e.isEnabled()) {
      return;
    }
    e.closure = d.closureName();
    e.callerId = d.callerId();
    e.appThread = d.appThread();
    e.appCpu = d.appCpu();
    e.validatorCpu = d.validatorCpu();
    e.kind = d.kind() == null ? "" : d.kind().name();
    e.expected = d.expected();
    e.actual = d.actual();
    e.commit();
  }

  public static boolean latencyEnabled() {
    return LATENCY_PROBE.isEnabled();
  }

  public static void latency(String closure, long delayNanos) {
    ValidationLatencyEvent e = new ValidationLatencyEvent();
    if (e.shouldCommit()) {
      e.closure = closure;
      e.delayNanos = delayNanos;
      e.commit();
    }
  }
}
