package dev.orthrus.runtime.report;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;
import jdk.jfr.Timespan;

/** JDK Flight Recorder event: how long one log waited and was re-executed. Off by default. */
@Name("dev.orthrus.ValidationLatency")
@Label("Validation Latency")
@Category({"Orthrus"})
@Registered(false)
@Description("Time from publishing a closure log to the end of its validation.")
@jdk.jfr.Enabled(false)
final class ValidationLatencyEvent extends Event {
  @Label("Closure")
  String closure;

  @Label("Delay")
  @Timespan(Timespan.NANOSECONDS)
  long delayNanos;
}
