package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orthrus.runtime.api.ChecksumMismatchException;
import org.junit.jupiter.api.Test;

class CounterTest {

  @Test
  void addsUp() {
    Counter counter = new Counter();
    for (int i = 1; i <= 100; i++) {
      Counter.add(counter, i);
    }
    assertEquals(5050, counter.count());
  }

  /**
   * Writes the user-data field outside every closure (test-compile warns of it): the next closure
   * given the object finds its checksum wrong, as it would after a corruption, reports a detection
   * and throws. The test expects that; the build fails after the tests.
   */
  @Test
  void aWriteOutsideClosuresIsDetected() {
    Counter counter = new Counter();
    Counter.add(counter, 1);
    counter.count = 41;
    assertThrows(ChecksumMismatchException.class, () -> Counter.add(counter, 1));
  }
}
