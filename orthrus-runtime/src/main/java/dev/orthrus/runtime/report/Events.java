package dev.orthrus.runtime.report;

import dev.orthrus.runtime.api.Detection;
import jdk.jfr.FlightRecorder;

/**
 * Emits the runtime's Flight Recorder events; each costs one check when recording is off.
 *
 * <p>The event classes are not registered when they load ({@code @Registered(false)}), but the
 * first time an event is due while the JDK's Flight Recorder is running: registering one
 * initializes the recorder's metadata, about 100 ms of CPU on the thread that does it, which would
 * be a validator's first timed log in every process, recording or not.
 */
public final class Events {

  private static final ValidationLatencyEvent LATENCY_PROBE = new ValidationLatencyEvent();

  private static volatile boolean registered;

  private Events() {}

  /** Whether the Flight Recorder runs; registers the event classes the first time it does. */
  private static boolean recorderRunning() {
    if (registered) {
      return true;
    }
    if (!FlightRecorder.isInitialized()) {
      return false;
    }
    synchronized (Events.class) {
      if (!registered) {
        FlightRecorder.register(SdcDetectedEvent.class);
        FlightRecorder.register(ValidationLatencyEvent.class);
        registered = true;
      }
    }
    return true;
  }

  public static void detection(Detection d) {
    if (!recorderRunning()) {
      return;
    }
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
    return recorderRunning() && LATENCY_PROBE.isEnabled();
  }

  /** Emits the latency event; callers ask {@link #latencyEnabled} first, which registers it. */
  public static void latency(String closure, long delayNanos) {
    ValidationLatencyEvent e = new ValidationLatencyEvent();
    if (e.shouldCommit()) {
      e.closure = closure;
      e.delayNanos = delayNanos;
      e.commit();
    }
  }
}
