package dev.orthrus.runtime.concurrent;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.modelcheck.ModelCheck;
import dev.orthrus.runtime.modelcheck.SeededBug;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Supplier;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

/**
 * The ring queue's claim and lap protocol under Lincheck's model checker (decision 0021): one
 * producer and consumers in other threads run short scenarios (random ones, and one written out),
 * the checker explores their interleavings at every shared-memory access, and each history must be
 * linearizable against a bounded FIFO queue.
 *
 * <p>The producer keeps the queue's own contract, the one its assertion states: it offers only
 * while fewer than the capacity are queued, reading {@code size()}, so it reuses a slot as soon as
 * its sequence was claimed. That is weaker than the runtime's discipline (reuse a log only when a
 * validator handed it back) and lets the producer overwrite a slot while a slow consumer still
 * holds its old value, the race the claim's CAS exists for. It offers the ring's indices in cursor
 * order, as an application thread walks its ring of logs.
 *
 * <p>A ring of two means that a scenario of a few operations laps the slots several times. Started
 * two sequences before 2^32 ({@link #linearizableAcrossTheTagWrap}), the slots' 32-bit tags wrap
 * within the first offers: the real wrap, not one of a narrowed tag.
 */
@Tag("model-check")
class SpmcRingQueueModelCheckTest {

  static final int CAPACITY = 2;

  /** The queue as a scenario sees it; {@link RingQueueDriver} wraps the real one. */
  public interface BoundedQueue {
    /** Offers the ring's next index if fewer than the capacity are queued. */
    boolean offer();

    /** The ring index claimed, or null when empty. */
    Integer poll();
  }

  /** Makes each scenario's queue: set by the test before it runs the checker. */
  private static volatile Supplier<BoundedQueue> queues;

  /** What Lincheck runs: a new one for each scenario, over a new queue. */
  public static class Scenario {
    private final BoundedQueue queue = queues.get();

    @Operation(nonParallelGroup = "producer")
    public boolean offer() {
      return queue.offer();
    }

    @Operation
    public Integer poll() {
      return queue.poll();
    }
  }

  /** What the histories must be equivalent to: a FIFO of ring indices with the same capacity. */
  public static class Specification {
    private final ArrayDeque<Integer> queued = new ArrayDeque<>();
    private long cursor;

    public boolean offer() {
      if (queued.size() == CAPACITY) {
        return false;
      }
      queued.add((int) (cursor++ & (CAPACITY - 1)));
      return true;
    }

    public Integer poll() {
      return queued.poll();
    }
  }

  private static final long NEAR_TAG_WRAP = (1L << 32) - CAPACITY;

  /** Random scenarios, and interleavings explored per scenario. */
  private static final int SCENARIOS = 4;

  private static final int INVOCATIONS = 200;

  /**
   * Random scenarios of three threads, and one written out: the producer laps the ring twice while
   * two consumers race for every sequence.
   */
  private static ModelCheckingOptions options() {
    return ModelCheck.options(SCENARIOS, INVOCATIONS)
        .threads(3)
        .actorsPerThread(3)
        .actorsBefore(1)
        .actorsAfter(2)
        .sequentialSpecification(Specification.class)
        .addCustomScenario(
            ModelCheck.scenario(
                Scenario.class,
                List.of("offer"),
                List.of(
                    List.of("offer", "offer", "offer"),
                    List.of("poll", "poll"),
                    List.of("poll", "poll"))));
  }

  @AfterEach
  void forgetQueues() {
    queues = null;
  }

  @Test
  void linearizableWithLapsOfASmallRing() {
    queues = () -> new RingQueueDriver(0);
    options().check(Scenario.class);
  }

  @Test
  void linearizableAcrossTheTagWrap() {
    queues = () -> new RingQueueDriver(NEAR_TAG_WRAP);
    options().check(Scenario.class);
  }

  // ---- seeded bugs: each must be caught, or the checks above prove nothing ----

  /** The claim's CAS made a plain store: two consumers claim the same sequence. */
  @Test
  void catchesAClaimByPlainStore() {
    SeededBug bug =
        SeededBug.replaceBody(
            "claim by plain store",
            SpmcRingQueue.class,
            "casConsumerIndex",
            "(JJ)Z",
            mv -> {
              mv.visitVarInsn(Opcodes.ALOAD, 0);
              mv.visitVarInsn(Opcodes.LLOAD, 3);
              mv.visitFieldInsn(
                  Opcodes.PUTFIELD,
                  "dev/orthrus/runtime/concurrent/SpmcRingQueueConsumerFields",
                  "consumerIndex",
                  "J");
              mv.visitInsn(Opcodes.ICONST_1);
              mv.visitInsn(Opcodes.IRETURN);
            });
    assertCaught(bug, 0, "Invalid execution results");
  }

  /** Slots carry a flag instead of a lap tag: a slot of the previous lap reads as offered. */
  @Test
  void catchesATagWithoutTheLap() {
    SeededBug bug =
        SeededBug.replaceBody(
            "tag without the lap",
            SpmcRingQueue.class,
            "tag",
            "(J)J",
            mv -> {
              mv.visitInsn(Opcodes.LCONST_1);
              mv.visitInsn(Opcodes.LRETURN);
            });
    assertCaught(bug, 0, "Invalid execution results");
  }

  /**
   * Tags compared as 64-bit numbers instead of modulo 2^32: harmless until the tag wraps, where a
   * consumer takes the previous lap's tag for a later lap. Only the run across the wrap sees it.
   */
  @Test
  void catchesTagsComparedWithoutWrapArithmetic() {
    // (int) (tag - expected) becomes (int) Long.compare(tag, expected).
    SeededBug bug =
        SeededBug.replaceInstruction(
            "tags compared as longs",
            SpmcRingQueue.class,
            "poll",
            "()Ljava/lang/Object;",
            Opcodes.LSUB,
            mv -> {
              mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Long", "compare", "(JJ)I", false);
              mv.visitInsn(Opcodes.I2L);
            });
    assertCaught(bug, NEAR_TAG_WRAP, "ring queue lapped");
  }

  private static void assertCaught(SeededBug bug, long start, String expected) {
    queues = () -> bug.create(RingQueueDriver.class, BoundedQueue.class, start);
    AssertionError failure =
        assertThrows(
            AssertionError.class, () -> options().check(Scenario.class), bug + " was not caught");
    ModelCheck.report(bug, failure);
    assertTrue(
        failure.getMessage().contains(expected),
        bug + " was caught, but not as " + expected + ":\n" + failure.getMessage());
  }
}
