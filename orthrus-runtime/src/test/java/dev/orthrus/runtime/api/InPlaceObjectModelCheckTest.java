package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.modelcheck.ModelCheck;
import dev.orthrus.runtime.modelcheck.SeededBug;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

/**
 * The sequence word of {@link InPlaceObject} under Lincheck's model checker (decisions 0021, 0058):
 * threads store different fields of one object, one in place and one from a snapshot it retries,
 * while control-path checks read it; the checker explores their interleavings at every
 * shared-memory access. No check may fail (a torn snapshot would be a false detection) and no store
 * may be lost ({@link InPlaceDriver}).
 */
@Tag("model-check")
class InPlaceObjectModelCheckTest {

  /** The operations a scenario is made of; {@link InPlaceDriver} implements them. */
  public interface Fields {
    /** A plain store of field a ({@code a++}). */
    void storeA();

    /** A store of field b that keeps a: from a snapshot, retried while another store came first. */
    void storeB();

    /** A control-path check of a snapshot. */
    void check();

    /** After the scenario: a check, and every store counted. */
    void finish();
  }

  private static volatile Supplier<Fields> drivers;

  /** What Lincheck runs: a new one for each scenario, over a new object. */
  public static class Scenario {
    private final Fields run = drivers.get();

    @Operation
    public void storeA() {
      run.storeA();
    }

    @Operation
    public void storeB() {
      run.storeB();
    }

    @Operation
    public void check() {
      run.check();
    }

    @Validate
    public void finish() {
      run.finish();
    }
  }

  /** Interleavings explored per scenario; the seeded bugs below are caught well within them. */
  private static final int INVOCATIONS = 200;

  private static ModelCheckingOptions options() {
    // Random scenarios only in a longer run (-Dorthrus.modelcheck.scale above 1).
    return ModelCheck.options(0, INVOCATIONS)
        .iterations(4 * (ModelCheck.scale() - 1))
        .threads(2)
        .actorsPerThread(3)
        .actorsBefore(0)
        .actorsAfter(0)
        .addCustomScenario(
            ModelCheck.scenario(
                Scenario.class,
                List.of(),
                List.of(List.of("storeA", "storeA"), List.of("check", "storeB", "check"))))
        .addCustomScenario(
            ModelCheck.scenario(
                Scenario.class,
                List.of(),
                List.of(List.of("storeB", "storeA"), List.of("storeA", "storeB"))));
  }

  @AfterEach
  void forgetDrivers() {
    drivers = null;
  }

  @Test
  void snapshotsAreNeverTornAndNoStoreIsLost() {
    drivers = InPlaceDriver::new;
    options().check(Scenario.class);
  }

  // ---- seeded bugs: each must be caught, or the check above proves nothing ----

  private static final String VERSION = "()Ldev/orthrus/runtime/api/Version;";

  /** A snapshot that does not read the sequence word again after the fields. */
  @Test
  void catchesASnapshotThatSkipsTheSecondRead() {
    SeededBug bug =
        SeededBug.replaceCall(
            "snapshot without the second read",
            InPlaceObject.class,
            "currentVersion",
            VERSION,
            "getOpaque",
            mv -> {
              mv.visitInsn(Opcodes.POP); // this
              mv.visitInsn(Opcodes.POP); // the VarHandle
              mv.visitVarInsn(Opcodes.ILOAD, 1); // the first read
            });
    assertCaught(bug, "failed its check");
  }

  /** A store that begins without taking the sequence word. */
  @Test
  void catchesAStoreThatDoesNotTakeTheSequenceWord() {
    SeededBug bug =
        SeededBug.replaceCall(
            "store without the compare-and-set",
            InPlaceObject.class,
            "beginStore",
            "()I",
            "compareAndSet",
            mv -> {
              mv.visitInsn(Opcodes.POP2); // s and s + 1
              mv.visitInsn(Opcodes.POP2); // this and the VarHandle
              mv.visitInsn(Opcodes.ICONST_1);
            });
    assertCaught(bug, "failed its check", "a store was lost");
  }

  /** The bug fails the check with one of the {@code expected} messages. */
  private static void assertCaught(SeededBug bug, String... expected) {
    drivers = () -> bug.create(InPlaceDriver.class, Fields.class);
    AssertionError failure =
        assertThrows(
            AssertionError.class, () -> options().check(Scenario.class), bug + " was not caught");
    ModelCheck.report(bug, failure);
    assertTrue(
        Arrays.stream(expected).anyMatch(failure.getMessage()::contains),
        bug
            + " was caught, but not as "
            + Arrays.toString(expected)
            + ":\n"
            + failure.getMessage());
  }
}
