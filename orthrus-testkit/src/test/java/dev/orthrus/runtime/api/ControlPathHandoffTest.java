package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.report.DetectionCenter;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.KvMap;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 3, item 6: data that crossed the control path between two closures ({@code KvMap.find}
 * hands an item to {@code KvMap.valueOf}) is checked at its first load, and by {@code verify}
 * before it leaves the process.
 */
class ControlPathHandoffTest {

  private final List<Detection> found = new CopyOnWriteArrayList<>();
  private OrthrusRuntime rt;

  private KvMap filledMap(double sampling) {
    rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(sampling))
                .policy(DetectionPolicy.CALLBACK)
                .callback(found::add)
                .err(null)
                .build());
    rt.blockWhenFull(true);
    KvMap map = new KvMap(rt, 64);
    for (int i = 0; i < 100; i++) {
      map.set("key-" + i, value(i), i);
    }
    return map;
  }

  private static byte[] value(int i) {
    return ("value-" + i).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * What a faulty core or a stray write does to an item's value while the control path holds it.
   */
  private static void flipBit(KvMap.Item item, int bit) {
    byte[] value = item.lvVersion().value;
    value[bit / 8] ^= (byte) (1 << (bit % 8));
  }

  @AfterEach
  void tearDown() {
    if (rt != null) {
      rt.close();
    }
  }

  @Test
  void aCleanHandoffIsValidatedWithoutAnyDetection() {
    KvMap map = filledMap(1.0);
    long before = rt.validatedCount();
    for (int i = 0; i < 100; i++) {
      KvMap.Item item = map.find("key-" + i);
      assertArrayEquals(value(i), map.valueOf(item));
      rt.verify(item);
    }
    assertNull(map.find("absent"));
    assertTrue(rt.awaitDrained(10_000));
    assertEquals(List.of(), found);
    assertTrue(rt.validatedCount() - before >= 201, "find and valueOf were validated");
  }

  @Test
  void corruptionOnTheControlPathIsDetectedAtTheFirstLoadOfTheNextClosure() {
    KvMap map = filledMap(1.0);
    assertTrue(rt.awaitDrained(10_000));
    KvMap.Item item = map.find("key-7");
    flipBit(item, 3);

    ChecksumMismatchException e =
        assertThrows(ChecksumMismatchException.class, () -> map.valueOf(item));
    assertTrue(e.getMessage().contains(KvMap.Item.V.class.getName()), e.getMessage());
    assertTrue(rt.awaitDrained(10_000));
    // One detection: the validator re-checked the logged version, threw the same exception and
    // confirmed APP's verdict rather than reporting the execution a second time.
    assertEquals(1, found.size(), () -> "detections: " + found);
    Detection d = found.get(0);
    assertEquals(MismatchKind.CHECKSUM, d.kind());
    assertEquals("KvMap.valueOf", d.closureName());
    assertEquals(Thread.currentThread().getName(), d.appThread());
    assertEquals(-1, d.validatorCpu());
    assertEquals(ChecksumMismatchException.hex(e.expected()), d.expected());
    assertEquals(ChecksumMismatchException.hex(e.actual()), d.actual());
    assertTrue(d.summary().contains("control-path check"), d.summary());
  }

  @Test
  void theUnloggedVariantChecksToo() {
    KvMap map = filledMap(0.0);
    KvMap.Item item = map.find("key-9");
    assertArrayEquals(value(9), map.valueOf(item));
    flipBit(item, 12);
    assertThrows(ChecksumMismatchException.class, () -> map.valueOf(item));
    assertEquals(1, found.size());
    assertEquals("KvMap.valueOf", found.get(0).closureName());
  }

  @Test
  void verifyBeforeDataLeavesTheProcessReportsAsTheControlPath() {
    KvMap map = filledMap(0.0);
    KvMap.Item item = map.find("key-3");
    rt.verify(item);
    assertEquals(List.of(), found);
    flipBit(item, 0);
    assertThrows(ChecksumMismatchException.class, () -> rt.verify(item));
    assertEquals(1, found.size());
    assertEquals(DetectionCenter.CONTROL_PATH, found.get(0).closureId());
    assertEquals(MismatchKind.CHECKSUM, found.get(0).kind());
    assertSame(found.get(0), rt.detections().recent().get(0));
  }

  @Test
  void everySingleBitFlipOfTheValueIsCaught() {
    KvMap map = filledMap(0.0);
    KvMap.Item item = map.find("key-42");
    int bits = value(42).length * 8;
    for (int bit = 0; bit < bits; bit++) {
      flipBit(item, bit);
      assertThrows(ChecksumMismatchException.class, () -> map.valueOf(item));
      flipBit(item, bit); // restore
      assertArrayEquals(value(42), map.valueOf(item));
    }
    assertEquals(bits, found.size());
  }
}
