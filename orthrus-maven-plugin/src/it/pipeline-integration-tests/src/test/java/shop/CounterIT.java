package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CounterIT {

  @Test
  void addsUp() {
    Counter counter = new Counter();
    for (int i = 1; i <= 100; i++) {
      Counter.add(counter, i);
    }
    assertEquals(5050, counter.count());
  }
}
