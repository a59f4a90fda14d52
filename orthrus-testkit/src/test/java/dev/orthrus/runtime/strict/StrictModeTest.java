package dev.orthrus.runtime.strict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.SdcDetectedException;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.FaultHook;
import dev.orthrus.testkit.KvMap;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StrictModeTest {

  @AfterEach
  void disarm() {
    FaultHook.disarm();
  }

  @Test
  void confirmedResultIsReturnedAndCorruptedOneWithheld() {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(0.0)) // strict closures are validated regardless
                .strictAll(true)
                .err(null)
                .build())) {
      KvMap map = new KvMap(rt, 16);
      map.set("a", new byte[] {7, 8}, 0);
      assertArrayEquals(new byte[] {7, 8}, map.get("a"));
      assertEquals(2, rt.validatedCount());

      FaultHook.arm(new FaultHook.Fault(KvMap.SITE_GET_VALUE_BYTE, 1, 1));
      SdcDetectedException e = assertThrows(SdcDetectedException.class, () -> map.get("a"));
      assertEquals("KvMap.get", e.detection().closureName());
      // The next call is clean again.
      assertArrayEquals(new byte[] {7, 8}, map.get("a"));
    }
  }

  @Test
  void withoutValidatorsStrictTimesOutWithAClearError() {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .validators(0)
                .strictAll(true)
                .strictTimeout(Duration.ofMillis(100))
                .err(null)
                .build())) {
      KvMap map = new KvMap(rt, 16);
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> map.set("a", new byte[] {1}, 0));
      assertTrue(e.getMessage().contains("not validated within"), e.getMessage());
    }
  }
}
