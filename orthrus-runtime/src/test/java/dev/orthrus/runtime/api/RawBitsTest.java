package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The raw bits of a float or double read in a closure (decision 0061): the bits of a NaN are APP's,
 * which the log carries, because which NaN an operation gives depends on the code the JIT made; the
 * bits of any other value are VAL's own, so a difference there is still found.
 */
class RawBitsTest {

  private static final double NAN_A = Double.longBitsToDouble(0x7ff8_0000_0000_0000L);
  private static final double NAN_B = Double.longBitsToDouble(0xfff8_0000_0000_0000L);
  private static final float FLOAT_NAN_A = Float.intBitsToFloat(0x7fc0_0000);
  private static final float FLOAT_NAN_B = Float.intBitsToFloat(0xffc0_0123);

  private static ClosureLog freshLog() {
    return new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
  }

  private static Replay replayOf(ClosureLog log) {
    Replay replay = new Replay();
    replay.reset(log);
    return replay;
  }

  @Test
  void aNansBitsAreRecordedAndVALTakesThemForItsOwnNan() {
    ClosureLog log = freshLog();
    assertEquals(0xfff8_0000_0000_0000L, log.rawDoubleBits(NAN_B));
    assertEquals(0xffc0_0123, log.rawFloatBits(FLOAT_NAN_B));
    assertEquals(2, log.nondetBitsCount());

    Replay replay = replayOf(log);
    assertEquals(0xfff8_0000_0000_0000L, replay.rawDoubleBits(NAN_A), "APP's NaN, not VAL's");
    assertEquals(0xffc0_0123, replay.rawFloatBits(FLOAT_NAN_A));
  }

  @Test
  void anyOtherValueIsNotRecordedAndVALComputesItsOwnBits() {
    ClosureLog log = freshLog();
    assertEquals(Double.doubleToRawLongBits(-0.0), log.rawDoubleBits(-0.0));
    assertEquals(Float.floatToRawIntBits(Float.POSITIVE_INFINITY), log.rawFloatBits(1f / 0f));
    assertEquals(0, log.nondetBitsCount());

    Replay replay = replayOf(log);
    assertEquals(Double.doubleToRawLongBits(0.0), replay.rawDoubleBits(0.0), "VAL's own value");
    assertEquals(Float.floatToRawIntBits(2f), replay.rawFloatBits(2f));
  }

  @Test
  void aNanOnOneSideOnlyDiverges() {
    ClosureLog log = freshLog();
    log.rawDoubleBits(1.5);
    Divergence missing = assertThrows(Divergence.class, () -> replayOf(log).rawDoubleBits(NAN_A));
    assertEquals(MismatchKind.NONDETERMINISM, missing.kind());
  }
}
