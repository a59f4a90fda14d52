package dev.orthrus.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.FaultHook;
import dev.orthrus.testkit.KvMap;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Flight Recorder events and the JMX counters are really emitted. */
class MonitoringTest {

  @TempDir Path dir;

  private static void fill(KvMap map, int n) {
    for (int i = 0; i < n; i++) {
      map.set("key-" + i, ("value-" + i).getBytes(StandardCharsets.UTF_8), i);
    }
  }

  @Test
  void detectionAndLatencyEventsAreRecorded() throws Exception {
    Path file = dir.resolve("orthrus.jfr");
    try (Recording recording = new Recording()) {
      recording.enable("dev.orthrus.SdcDetected");
      recording.enable("dev.orthrus.ValidationLatency").withThreshold(java.time.Duration.ZERO);
      recording.start();
      try (OrthrusRuntime rt =
          new OrthrusRuntime(
              RuntimeConfig.builder()
                  .sampling(() -> new FixedSampling(1.0))
                  .policy(DetectionPolicy.REPORT)
                  .reproducerDir(dir)
                  .err(null)
                  .build())) {
        rt.blockWhenFull(true);
        KvMap map = new KvMap(rt, 64);
        fill(map, 100);
        assertTrue(rt.awaitDrained(10_000));
        FaultHook.arm(new FaultHook.Fault(KvMap.SITE_GET_VALUE_BYTE, 0x4, 1));
        try {
          map.get("key-7");
        } finally {
          FaultHook.disarm();
        }
        assertTrue(rt.awaitDrained(10_000));
        assertEquals(1, rt.detections().count());
      }
      recording.stop();
      recording.dump(file);
    }
    List<RecordedEvent> events = RecordingFile.readAllEvents(file);
    List<RecordedEvent> sdc =
        events.stream()
            .filter(e -> e.getEventType().getName().equals("dev.orthrus.SdcDetected"))
            .toList();
    assertEquals(1, sdc.size(), "SdcDetected events: " + sdc);
    assertEquals("KvMap.get", sdc.get(0).getString("closure"));
    long latency =
        events.stream()
            .filter(e -> e.getEventType().getName().equals("dev.orthrus.ValidationLatency"))
            .count();
    // One log in eight carries a timestamp; 101 validated logs give at least 12.
    assertTrue(latency >= 10, "ValidationLatency events: " + latency);
  }

  @Test
  void countersAreReadableThroughJmx() throws Exception {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .jmx(true)
                .err(null)
                .build())) {
      rt.blockWhenFull(true);
      KvMap map = new KvMap(rt, 64);
      fill(map, 500);
      assertTrue(rt.awaitDrained(10_000));
      Set<ObjectName> names = server.queryNames(new ObjectName("dev.orthrus:type=Runtime,*"), null);
      assertEquals(1, names.size(), "registered: " + names);
      ObjectName name = names.iterator().next();
      assertEquals(500L, server.getAttribute(name, "Validated"));
      assertEquals(500L, server.getAttribute(name, "Published"));
      assertEquals(0L, server.getAttribute(name, "Detections"));
      assertEquals(1.0, (double) server.getAttribute(name, "SamplingRate"));
      assertEquals(1, server.getAttribute(name, "Validators"));
      assertTrue((long) server.getAttribute(name, "ValidationLatencyP99Nanos") > 0);
    }
    assertTrue(
        server.queryNames(new ObjectName("dev.orthrus:type=Runtime,*"), null).isEmpty(),
        "not unregistered on close");
  }
}
