package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.report.DetectionCenter;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.report.ReproducerFile;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.FaultHook;
import dev.orthrus.testkit.FpAccumulator;
import dev.orthrus.testkit.KvMap;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Corrupt exactly one APP execution at a time; every one must be detected and replayable. */
class DetectionTest {

  @TempDir Path dir;

  private final List<Detection> found = new CopyOnWriteArrayList<>();
  private OrthrusRuntime rt;
  private KvMap map;

  @BeforeEach
  void setUp() {
    rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .policy(DetectionPolicy.CALLBACK)
                .callback(found::add)
                .reproducerDir(dir)
                .err(null)
                .build());
    rt.blockWhenFull(true);
    map = new KvMap(rt, 64);
    for (int i = 0; i < 200; i++) {
      map.set("key-" + i, ("value-" + i).getBytes(StandardCharsets.UTF_8), i);
    }
    assertTrue(rt.awaitDrained(10_000));
    assertEquals(0, found.size(), () -> "false positive while filling: " + found);
  }

  @AfterEach
  void tearDown() {
    FaultHook.disarm();
    rt.close();
  }

  private Detection corruptOnce(int site, long mask, Runnable op) throws Exception {
    FaultHook.Fault fault = new FaultHook.Fault(site, mask, 1);
    FaultHook.arm(fault);
    try {
      op.run();
    } catch (RuntimeException expected) {
      // A wrong bucket may throw in APP; the validator must still flag it.
    } finally {
      FaultHook.disarm();
    }
    assertEquals(1, fault.fired(), "the fault did not fire");
    assertTrue(rt.awaitDrained(10_000));
    assertEquals(1, found.size(), () -> "detections: " + found);
    Detection d = found.remove(0);
    assertNotNull(d.reproducer(), "no reproducer written");
    ReproducerFile.ReplayResult replay =
        ReproducerFile.replay(ReproducerFile.read(d.reproducer()), getClass().getClassLoader(), -1);
    assertEquals(
        ReproducerFile.Outcome.MATCHES_VALIDATOR, replay.outcome(), () -> "replay: " + replay);
    return d;
  }

  /** A core wrong on every execution writes a bounded number of reproducer files per closure. */
  @Test
  void reproducerFilesPerClosureAreBounded() throws Exception {
    int n = DetectionCenter.REPRODUCERS_PER_CLOSURE + 8;
    FaultHook.Fault fault = new FaultHook.Fault(KvMap.SITE_GET_VALUE_BYTE, 1, n);
    FaultHook.arm(fault);
    try {
      for (int i = 0; i < n; i++) {
        map.get("key-17");
      }
    } finally {
      FaultHook.disarm();
    }
    assertEquals(n, fault.fired());
    assertTrue(rt.awaitDrained(10_000));
    assertEquals(n, found.size(), () -> "detections: " + found);
    long written = found.stream().filter(d -> d.reproducer() != null).count();
    assertEquals(DetectionCenter.REPRODUCERS_PER_CLOSURE, written);
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(DetectionCenter.REPRODUCERS_PER_CLOSURE, files.count());
    }
  }

  @Test
  void flippedBitInLoadedValueIsDetectedInGet() throws Exception {
    for (int bit = 0; bit < 8; bit++) {
      int b = bit;
      Detection d = corruptOnce(KvMap.SITE_GET_VALUE_BYTE, 1L << b, () -> map.get("key-17"));
      assertEquals("KvMap.get", d.closureName());
      assertEquals(MismatchKind.RESULT, d.kind());
      assertEquals(Thread.currentThread().getName(), d.appThread());
    }
  }

  @Test
  void wrongArithmeticInSetIsDetected() throws Exception {
    Detection d =
        corruptOnce(KvMap.SITE_SET_CAS, 1L << 40, () -> map.set("key-3", new byte[] {1, 2, 3}, 0));
    assertEquals("KvMap.set", d.closureName());
    assertEquals(MismatchKind.STORE, d.kind());
    // The corrupted state is now shared; later executions are validated against it without noise.
    for (int i = 0; i < 50; i++) {
      map.set("key-" + i, new byte[] {(byte) i}, 1);
    }
    assertTrue(rt.awaitDrained(10_000));
    assertEquals(0, found.size(), () -> "noise after a detection: " + found);
  }

  /** The link a new item holds on its handle (not in its version) is compared as a store. */
  @Test
  void aLostLinkInANewItemIsDetected() throws Exception {
    String key = sharingABucketWith("key-17");
    Detection d = corruptOnce(KvMap.SITE_NEW_LINK, 1, () -> map.set(key, new byte[] {4}, 0));
    assertEquals("KvMap.set", d.closureName());
    assertEquals(MismatchKind.STORE, d.kind());
  }

  /** A new key in the same bucket of the setUp's 64-bucket map as {@code existing}. */
  private static String sharingABucketWith(String existing) {
    for (int i = 0; ; i++) {
      String key = "new-" + i;
      if (bucketOf(key) == bucketOf(existing)) {
        return key;
      }
    }
  }

  /** {@code KvMap.slot} for a map of 64 buckets. */
  private static int bucketOf(String key) {
    int h = key.hashCode();
    return (h ^ (h >>> 16)) & 63;
  }

  @Test
  void wrongBucketIsDetected() throws Exception {
    int detected = 0;
    for (int i = 0; i < 20; i++) {
      String key = "key-" + i;
      Detection d = corruptOnce(KvMap.SITE_SLOT, 1, () -> map.get(key));
      assertEquals("KvMap.get", d.closureName());
      detected++;
    }
    assertEquals(20, detected);
  }

  @Test
  void floatingPointErrorIsDetectedByRawBits() throws Exception {
    FpAccumulator fp = new FpAccumulator(rt);
    fp.add(new double[] {1.5, 2.5});
    assertTrue(rt.awaitDrained(10_000));
    // Lowest mantissa bit: numerically tiny, still a different result.
    Detection d = corruptOnce(FpAccumulator.SITE_SUM, 1, () -> fp.add(new double[] {0.1, 0.2}));
    assertEquals("FpAccumulator.add", d.closureName());
  }

  @Test
  void detectionsAreCountedPerCpu() throws Exception {
    corruptOnce(KvMap.SITE_GET_VALUE_BYTE, 4, () -> map.get("key-1"));
    long total = 0;
    for (long c : rt.detections().perCpu()) {
      total += c;
    }
    assertEquals(1, total);
    assertEquals(1, rt.detections().count());
  }
}
