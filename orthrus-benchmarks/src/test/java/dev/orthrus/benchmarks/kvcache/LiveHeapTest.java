package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LiveHeapTest {

  @Test
  void readsTheHistogramsTotal() {
    String histogram =
        "12345:\n"
            + " num     #instances         #bytes  class name (module)\n"
            + "-------------------------------------------------------\n"
            + "   1:          7194         332336  [B (java.base@17.0.15)\n"
            + "Total         23270        1060400\n";
    assertEquals(1_060_400, LiveHeap.totalBytes(histogram));
  }

  @Test
  void anErrorIsNotANumber() {
    assertTrue(Double.isNaN(LiveHeap.totalBytes("12345:\njava.io.IOException: No such process")));
  }

  @Test
  void measuresThisJvm() {
    double live = LiveHeap.bytes(ProcessHandle.current().pid());
    // A JVM running JUnit keeps at least a megabyte of live objects, and far less than its maximum.
    assertTrue(live > 1 << 20 && live < Runtime.getRuntime().maxMemory(), Double.toString(live));
  }
}
