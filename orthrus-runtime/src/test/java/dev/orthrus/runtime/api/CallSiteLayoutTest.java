package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;
import sun.misc.Unsafe;

/**
 * Decision 0073: the controller's per-period credit of a call site is on a cache line of its own,
 * so that updating it does not take the line of the armed word, which every execution reads, away
 * from the application's CPU.
 */
class CallSiteLayoutTest {

  private static final int LINE = 64;

  @Test
  void theCreditIsALineAwayFromAnyOtherObject() throws Exception {
    Unsafe unsafe = unsafe();
    long owed = unsafe.objectFieldOffset(CallSite.CreditValue.class.getDeclaredField("owed"));
    long lastPadEnd = 0;
    for (Field f : CallSite.Credit.class.getDeclaredFields()) {
      lastPadEnd = Math.max(lastPadEnd, unsafe.objectFieldOffset(f) + Long.BYTES);
    }
    // The object starts at offset 0: a line holding the value cannot reach back to another object.
    assertTrue(owed >= LINE, "value at offset " + owed);
    assertTrue(
        lastPadEnd - (owed + Double.BYTES) >= LINE - Double.BYTES,
        "padding after the value ends at " + lastPadEnd + ", value at " + owed);
  }

  @Test
  void armingStillCarriesFractionsOver() {
    CallSite site = ClosureBinding.of("t.L#f()", "f", (l, r) -> {}).site(1);
    site.takeDue(); // the first execution's arm
    int armed = 0;
    for (int i = 0; i < 8; i++) {
      armed += site.arm(0.5, 4);
    }
    assertTrue(armed == 4 && site.due() == 4, "armed " + armed + ", due " + site.due());
  }

  private static Unsafe unsafe() throws ReflectiveOperationException {
    Field f = Unsafe.class.getDeclaredField("theUnsafe");
    f.setAccessible(true);
    return (Unsafe) f.get(null);
  }
}
