package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Which values user data may hold that change in place without a new version (decision 0108). */
class LiveObjectsTest {

  record Tags(String key, List<String> tags) {}

  /** A class of another module, say, whose calls change it. */
  static class Counter {
    long v;
  }

  static final class Money {
    final long cents;

    Money(long cents) {
      this.cents = cents;
    }
  }

  @Test
  void objectsOfClassesWithFieldsThatAreNotFinalChange() {
    Counter counter = new Counter();
    assertSame(counter, LiveObjects.liveIn(counter, 0));
    assertSame(counter, LiveObjects.liveIn(Optional.of(counter), 0));
    assertNull(LiveObjects.liveIn(new Money(1), 0));
  }

  @Test
  void collectionsBuildersViewsAndAtomicsOfTheJdkChange() {
    List<String> backing = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    AtomicLong hits = new AtomicLong();
    assertSame(backing, LiveObjects.liveIn(backing, 0));
    assertSame(text, LiveObjects.liveIn(text, 0));
    assertSame(hits, LiveObjects.liveIn(hits, 0));
    List<String> view = Collections.unmodifiableList(backing);
    assertSame(view, LiveObjects.liveIn(view, 0));
  }

  @Test
  void whatRecordsOptionalsAndImmutableCollectionsHoldCounts() {
    List<String> tags = new ArrayList<>();
    assertSame(tags, LiveObjects.liveIn(new Tags("k", tags), 0));
    assertSame(tags, LiveObjects.liveIn(Optional.of(tags), 0));
    assertSame(tags, LiveObjects.liveIn(List.of("a", tags), 0));
    assertSame(tags, LiveObjects.liveIn(Map.of("k", tags), 0));
    assertSame(tags, LiveObjects.liveIn(Collections.singletonList(tags), 0));
  }

  @Test
  void valuesThatCannotChangeDoNot() {
    IntSupplier lambda = () -> 1;
    for (Object value :
        List.of(
            "text",
            42L,
            Instant.EPOCH,
            List.of("a", "b"),
            Map.of("k", 1),
            Collections.emptyList(),
            Collections.singletonList("a"),
            Optional.of("a"),
            new Tags("k", List.of("x")),
            Pattern.compile("a+"),
            lambda,
            new long[] {1, 2})) {
      assertNull(LiveObjects.liveIn(value, 0), () -> value.toString());
    }
  }
}
