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
class LiveJdkObjectsTest {

  record Tags(String key, List<String> tags) {}

  @Test
  void collectionsBuildersViewsAndAtomicsOfTheJdkChange() {
    List<String> backing = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    AtomicLong hits = new AtomicLong();
    assertSame(backing, LiveJdkObjects.liveIn(backing, 0));
    assertSame(text, LiveJdkObjects.liveIn(text, 0));
    assertSame(hits, LiveJdkObjects.liveIn(hits, 0));
    List<String> view = Collections.unmodifiableList(backing);
    assertSame(view, LiveJdkObjects.liveIn(view, 0));
  }

  @Test
  void whatRecordsOptionalsAndImmutableCollectionsHoldCounts() {
    List<String> tags = new ArrayList<>();
    assertSame(tags, LiveJdkObjects.liveIn(new Tags("k", tags), 0));
    assertSame(tags, LiveJdkObjects.liveIn(Optional.of(tags), 0));
    assertSame(tags, LiveJdkObjects.liveIn(List.of("a", tags), 0));
    assertSame(tags, LiveJdkObjects.liveIn(Map.of("k", tags), 0));
    assertSame(tags, LiveJdkObjects.liveIn(Collections.singletonList(tags), 0));
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
      assertNull(LiveJdkObjects.liveIn(value, 0), () -> value.toString());
    }
  }
}
