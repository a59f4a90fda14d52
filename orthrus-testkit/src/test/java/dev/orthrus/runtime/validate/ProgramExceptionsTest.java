package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.KvMap;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A closure that fails the way ordinary programs fail (a null reference, an index out of range, a
 * helpful {@code NullPointerException}, a message that prints an object) throws the program's own
 * exception to its caller, and the validator, re-executing it, throws the same: the execution is
 * validated and confirmed, never reported as a corruption.
 */
class ProgramExceptionsTest {

  private final List<Detection> found = new CopyOnWriteArrayList<>();
  private OrthrusRuntime rt;
  private Shelf shelf;

  @BeforeEach
  void setUp() {
    rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .policy(DetectionPolicy.CALLBACK)
                .callback(found::add)
                .err(null)
                .build());
    rt.blockWhenFull(true);
    shelf = new Shelf(rt, 4);
  }

  @AfterEach
  void tearDown() {
    rt.close();
  }

  /**
   * Runs {@code call}, expects {@code thrown}, and expects the execution validated and confirmed.
   */
  private <T extends Throwable> T confirmed(Class<T> thrown, Executable call) {
    assertTrue(rt.awaitDrained(10_000));
    long before = rt.validatedCount();
    T e = assertThrows(thrown, call);
    assertTrue(rt.awaitDrained(10_000));
    assertEquals(List.of(), found, "a program's own exception was reported as a corruption");
    assertTrue(rt.validatedCount() > before, "the failing execution was not validated");
    assertEquals(0, rt.notValidatedCount());
    return e;
  }

  @Test
  void aNullHandedOverByTheControlPathFailsAtTheFirstLoadOnBothSides() {
    KvMap map = new KvMap(rt, 16);
    map.set("present", new byte[] {1}, 0);
    confirmed(NullPointerException.class, () -> map.valueOf(map.find("absent")));
    confirmed(NullPointerException.class, () -> shelf.uses(null));
  }

  @Test
  void anIndexOutOfRangeFailsAtTheFirstLoadOnBothSides() {
    confirmed(ArrayIndexOutOfBoundsException.class, () -> shelf.label(4));
    confirmed(ArrayIndexOutOfBoundsException.class, () -> shelf.label(-1));
  }

  @Test
  void aStoreToASlotOutOfRangeFailsOnBothSides() {
    confirmed(ArrayIndexOutOfBoundsException.class, () -> shelf.place(7, "x"));
  }

  @Test
  void helpfulNullPointerMessagesNamingTheVariantsMethodsDoNotDiverge() {
    NullPointerException e = confirmed(NullPointerException.class, () -> shelf.labelLength(2));
    // The JDK's message names the APP variant's helper; the validator's names its own.
    assertTrue(e.getMessage().contains("entryAtApp"), e.getMessage());
  }

  @Test
  void identityHashesInMessagesDoNotDiverge() {
    shelf.place(1, "first");
    IllegalStateException e =
        confirmed(IllegalStateException.class, () -> shelf.place(1, "second"));
    // The message prints the entry the closure allocated: APP's and the validator's are two
    // objects with two identity hashes.
    assertTrue(e.getMessage().contains("Shelf$Entry@"), e.getMessage());
  }
}
