package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.when;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ItemTest {

  @Test
  void aMockHandedToAClosureIsNamedNotWaitedForEver() {
    Item item = mock(Item.class);
    when(item.price()).thenReturn(21L);
    IllegalStateException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () -> assertThrows(IllegalStateException.class, () -> Item.twice(item)));
    assertTrue(e.getMessage().contains("shop.Item"), e.getMessage());
    assertTrue(e.getMessage().contains("a mock intercepts them"), e.getMessage());
    // Each execution that met a mock is not validated: no detection (verify.groovy).
    for (int i = 0; i < 100; i++) {
      Item another = mock(Item.class);
      assertThrows(IllegalStateException.class, () -> Item.twice(another));
    }
  }

  @Test
  void aSpyOfARealObjectWorks() {
    Item item = spy(new Item(21));
    assertEquals(42, Item.twice(item));
  }
}
