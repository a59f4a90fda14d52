package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.modelcheck.ModelCheck;
import dev.orthrus.runtime.modelcheck.SeededBug;
import java.util.List;
import java.util.function.Supplier;
import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The hand-back of closure logs between an application thread and validators under Lincheck's model
 * checker (decision 0021). Each scenario is a few operations per thread, one thread owning the logs
 * and the others validating (or retiring the ended owner); Lincheck explores their interleavings at
 * every shared-memory access, and {@link LogHandBackDriver} checks its invariants in each (listed
 * there). A violation is an exception in an operation or in the final validation, and fails the
 * test with the interleaving that led to it.
 *
 * <p>The scenarios are written out, so that a bounded run spends its interleavings on the races
 * that matter; {@code -Dorthrus.modelcheck.scale} above 1 adds random ones. A strict caller's wait
 * is its reads of the verdict ({@code readVerdicts}), not a loop: a scenario whose validators have
 * no operation left would otherwise never end.
 */
@Tag("model-check")
class LogHandBackModelCheckTest {

  /** The operations a scenario is made of; {@link LogHandBackDriver} implements them. */
  public interface LogHandBack {
    /** The owner runs the closure once, logged unless the log at its cursor is pending. */
    void execute(boolean strict);

    /** The owner reads the verdicts of its strict executions, as a waiting caller does. */
    void readVerdicts();

    /** The owner reclaims validated logs ahead of its cursor, as a failed budget check does. */
    void reclaim();

    /**
     * Validator {@code validator} (one per model-checker thread) claims and validates one published
     * log, if there is one.
     */
    void validate(int validator);

    /** The controller retires ended threads whose queues are empty. */
    void retire();

    /** After the scenario: validates what is left and checks what must hold at the end. */
    void finish();
  }

  /** Makes each scenario's driver: set by the test before it runs the checker. */
  private static volatile Supplier<LogHandBack> drivers;

  /** One owner and its ring of two logs; validators race for its queue. */
  public static class RingScenario {
    private final LogHandBack run = drivers.get();

    @Operation(nonParallelGroup = "owner")
    public void execute() {
      run.execute(false);
    }

    @Operation(nonParallelGroup = "owner")
    public void executeStrict() {
      run.execute(true);
    }

    @Operation(nonParallelGroup = "owner")
    public void readVerdicts() {
      run.readVerdicts();
    }

    @Operation(nonParallelGroup = "owner")
    public void reclaim() {
      run.reclaim();
    }

    @Operation
    public void validate(@Param(gen = ThreadIdGen.class) int thread) {
      run.validate(thread);
    }

    @Validate
    public void finish() {
      run.finish();
    }
  }

  /** A thread that published two logs has ended; validators race with its retirement. */
  public static class RetirementScenario {
    private final LogHandBack run = drivers.get();

    @Operation
    public void validate(@Param(gen = ThreadIdGen.class) int thread) {
      run.validate(thread);
    }

    @Operation(nonParallelGroup = "controller")
    public void retire() {
      run.retire();
    }

    @Validate
    public void finish() {
      run.finish();
    }
  }

  /**
   * Interleavings explored per scenario. The seeded bugs below are caught within the first 10-50 of
   * the scenario that exposes them; the checker's exploration is deterministic. Retirement is a
   * smaller race.
   */
  private static final int RING_INVOCATIONS = 100;

  private static final int RETIREMENT_INVOCATIONS = 60;

  /** Random scenarios added for each step of the scale above 1. */
  private static final int RANDOM_SCENARIOS = 4;

  /**
   * The scenarios every run explores: the owner's executions against one validator (a strict
   * verdict read, a log reused), and against two (hand-backs out of order, the owner reclaiming).
   */
  private static ModelCheckingOptions ring() {
    return options(RING_INVOCATIONS)
        .addCustomScenario(
            ModelCheck.scenario(
                RingScenario.class,
                List.of("executeStrict"),
                List.of(
                    List.of("readVerdicts", "execute", "readVerdicts"),
                    List.of("validate", "validate"))))
        .addCustomScenario(
            ModelCheck.scenario(
                RingScenario.class,
                List.of("execute"),
                List.of(List.of("execute", "execute"), List.of("validate", "validate"))))
        .addCustomScenario(
            ModelCheck.scenario(
                RingScenario.class,
                List.of("execute", "execute"),
                List.of(List.of("reclaim", "execute"), List.of("validate"), List.of("validate"))));
  }

  /** Retirement against one validator, and against two. */
  private static ModelCheckingOptions retirement() {
    return options(RETIREMENT_INVOCATIONS)
        .addCustomScenario(
            ModelCheck.scenario(
                RetirementScenario.class,
                List.of(),
                List.of(List.of("retire", "retire"), List.of("validate", "validate"))))
        .addCustomScenario(
            ModelCheck.scenario(
                RetirementScenario.class,
                List.of(),
                List.of(List.of("retire"), List.of("validate"), List.of("validate"))));
  }

  private static ModelCheckingOptions options(int invocations) {
    // Random scenarios only in a longer run (-Dorthrus.modelcheck.scale above 1).
    return ModelCheck.options(0, invocations)
        .iterations(RANDOM_SCENARIOS * (ModelCheck.scale() - 1))
        .threads(2)
        .actorsPerThread(3)
        .actorsBefore(1)
        .actorsAfter(1)
        // Reading the CPU id (JNA or /proc) on publish is no part of the hand-back.
        .addGuarantee(
            ManagedStrategyGuaranteeKt.forClasses(
                    name -> name.startsWith("dev.orthrus.runtime.cpu."))
                .allMethods()
                .ignore());
  }

  @AfterEach
  void forgetDrivers() {
    drivers = null;
  }

  @Test
  void logsComeBackOnceAndAreReusedOnlyAfterValidation() {
    drivers = () -> new LogHandBackDriver(LogHandBackDriver.RING);
    ring().check(RingScenario.class);
  }

  @Test
  void anEndedThreadIsRetiredOnlyOnceItsLogsAreClaimed() {
    drivers = () -> new LogHandBackDriver(LogHandBackDriver.RETIREMENT);
    retirement().check(RetirementScenario.class);
  }

  // ---- seeded bugs: each must be caught, or the checks above prove nothing ----

  private static final String LOG = "dev/orthrus/runtime/api/ClosureLog";
  private static final int VALIDATED = 3;

  /** The validator hands a log back, then drops its references: the owner may have reused it. */
  @Test
  void catchesAHandBackBeforeTheReferencesAreDropped() {
    SeededBug bug =
        SeededBug.replaceBody(
            "hand-back before the references are dropped",
            AppThread.class,
            "recycle",
            "(L" + LOG + ";)V",
            mv -> handBackThenRelease(mv, 1));
    assertCaught(bug, LogHandBackDriver.RING, "still holds the references");
  }

  /** The same for a strict log: the verdict and the hand-back, then the references dropped. */
  @Test
  void catchesAStrictVerdictReleasedBeforeTheReferencesAreDropped() {
    SeededBug bug =
        SeededBug.replaceBody(
            "strict verdict before the references are dropped",
            ClosureLog.class,
            "soVerdict",
            "(I)V",
            mv -> {
              mv.visitVarInsn(Opcodes.ALOAD, 0);
              mv.visitVarInsn(Opcodes.ILOAD, 1);
              mv.visitFieldInsn(Opcodes.PUTFIELD, LOG, "verdict", "I");
              handBackThenRelease(mv, 0);
            });
    assertCaught(bug, LogHandBackDriver.RING, "still holds the references");
  }

  /**
   * The owner takes the log at its cursor whatever its state, a published one included: it offers
   * that log a second time while it is still queued, which the queue's assertion catches.
   */
  @Test
  void catchesTheOwnerReusingAPublishedLog() {
    SeededBug bug =
        SeededBug.replaceCall(
            "owner reuses a published log",
            AppThread.class,
            "takeLog",
            "()L" + LOG + ";",
            "lvState",
            mv -> {
              mv.visitInsn(Opcodes.POP);
              mv.visitLdcInsn(VALIDATED);
            });
    assertCaught(bug, LogHandBackDriver.RING, "one was offered twice");
  }

  /** An ended thread is retired without looking at its queue. */
  @Test
  void catchesARetirementWithLogsStillQueued() {
    SeededBug bug =
        SeededBug.replaceCall(
            "retired with logs queued",
            ThreadRegistry.class,
            "retireDeadLocked",
            "()V",
            "size",
            mv -> {
              mv.visitInsn(Opcodes.POP);
              mv.visitInsn(Opcodes.ICONST_0);
            });
    assertCaught(bug, LogHandBackDriver.RETIREMENT, "validated 0 times");
  }

  /** Writes {@code log.soState(VALIDATED); log.releaseReferences(); return;}, log in a local. */
  private static void handBackThenRelease(MethodVisitor mv, int slot) {
    mv.visitVarInsn(Opcodes.ALOAD, slot);
    mv.visitLdcInsn(VALIDATED);
    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, LOG, "soState", "(I)V", false);
    mv.visitVarInsn(Opcodes.ALOAD, slot);
    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, LOG, "releaseReferences", "()V", false);
    mv.visitInsn(Opcodes.RETURN);
  }

  /** The checker must fail, and for the reason {@code expected} names, not some other. */
  private static void assertCaught(SeededBug bug, String kind, String expected) {
    drivers = () -> bug.create(LogHandBackDriver.class, LogHandBack.class, kind);
    boolean ring = kind.equals(LogHandBackDriver.RING);
    ModelCheckingOptions options = ring ? ring() : retirement();
    AssertionError failure =
        assertThrows(
            AssertionError.class,
            () -> options.check(ring ? RingScenario.class : RetirementScenario.class),
            bug + " was not caught");
    ModelCheck.report(bug, failure);
    assertTrue(
        failure.getMessage().contains(expected),
        bug + " was caught, but not as \"" + expected + "\":\n" + failure.getMessage());
  }
}
