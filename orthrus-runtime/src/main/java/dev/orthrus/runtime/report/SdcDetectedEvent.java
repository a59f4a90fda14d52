package dev.orthrus.runtime.report;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;

/** JDK Flight Recorder event for a detection. */
@Name("dev.orthrus.SdcDetected")
@Label("Silent Data Corruption Detected")
@Category({"Orthrus"})
@Registered(false)
@Description("A validator's re-execution of a closure differed from the application's.")
final class SdcDetectedEvent extends Event {
  @Label("Closure")
  String closure;

  @Label("Caller")
  int callerId;

  @Label("Application Thread")
  String appThread;

  @Label("Application CPU")
  int appCpu;

  @Label("Validator CPU")
  int validatorCpu;

  @Label("Kind")
  String kind;

  @Label("Expected")
  String expected;

  @Label("Actual")
  String actual;
}
