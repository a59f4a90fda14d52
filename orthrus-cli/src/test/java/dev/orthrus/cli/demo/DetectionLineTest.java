package dev.orthrus.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The runtime's detection lines, as the server prints them on stderr. */
class DetectionLineTest {

  @Test
  void aValidatorDetectionWithItsReproducer() {
    DetectionLine d =
        DetectionLine.parse(
                "orthrus: SDC detected in closure valueReply"
                    + " (dev.orthrus.samples.kvcache.store.Cache#valueReply(CacheItem)), caller"
                    + " -141891680 (CommandHandler.retrieve), thread kvcache-worker-0, CPU 0,"
                    + " validator CPU 1: RESULT return"
                    + " value: expected byte[3] [1, 2, 3], actual byte[3] [1, 0, 3]; reproducer"
                    + " /w/orthrus-reproducers/sdc-valueReply-17-1.orthrus-repro")
            .orElseThrow();
    assertEquals("valueReply", d.closureName());
    assertEquals("dev.orthrus.samples.kvcache.store.Cache#valueReply(CacheItem)", d.closureId());
    assertEquals(-141891680, d.callerId());
    assertEquals("kvcache-worker-0", d.thread());
    assertEquals(0, d.cpu());
    assertEquals(1, d.validatorCpu());
    assertEquals("RESULT", d.kind());
    assertEquals("return value", d.detail());
    assertEquals("byte[3] [1, 2, 3]", d.expected());
    assertEquals("byte[3] [1, 0, 3]", d.actual());
    assertEquals("/w/orthrus-reproducers/sdc-valueReply-17-1.orthrus-repro", d.reproducer());
    assertNull(d.reproducerProblem());
  }

  @Test
  void aDetectionWhoseReproducerCouldNotBeWritten() {
    DetectionLine d =
        DetectionLine.parse(
                "orthrus: SDC detected in closure store (Cache#store()), caller 7, thread"
                    + " kvcache-worker-0, CPU 0, validator CPU 1: STORE field 0 of store #16 (V):"
                    + " expected 5 (0x5), actual 7 (0x7); no reproducer written:"
                    + " java.io.NotSerializableException: StoreResult")
            .orElseThrow();
    assertEquals("STORE", d.kind());
    assertEquals("field 0 of store #16 (V)", d.detail());
    assertEquals("7 (0x7)", d.actual());
    assertNull(d.reproducer());
    assertEquals("java.io.NotSerializableException: StoreResult", d.reproducerProblem());
  }

  @Test
  void aControlPathCheckHasNoValidatorCpu() {
    DetectionLine d =
        DetectionLine.parse(
                "orthrus: SDC detected in closure valueReply (Cache#valueReply()), caller 3,"
                    + " thread kvcache-worker-0, CPU 0, by a control-path check: CHECKSUM"
                    + " control-path check of a CacheItem$V: expected 0x1, actual 0x2")
            .orElseThrow();
    assertEquals(-1, d.validatorCpu());
    assertEquals("CHECKSUM", d.kind());
    assertEquals("0x2", d.actual());
  }

  @Test
  void otherLinesAreNoDetection() {
    assertTrue(DetectionLine.parse("kvcache: a request failed").isEmpty());
    assertTrue(
        DetectionLine.parse("orthrus: 10 executions validated, 0 not validated, 1 detection")
            .isEmpty());
  }
}
