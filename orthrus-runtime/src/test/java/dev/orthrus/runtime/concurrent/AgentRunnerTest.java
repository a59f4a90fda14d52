package dev.orthrus.runtime.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AgentRunnerTest {

  @Test
  void startRunsTheAgentAndStopEndsItWithOnClose() throws Exception {
    AtomicInteger work = new AtomicInteger();
    AtomicInteger closed = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    Agent agent =
        new Agent() {
          @Override
          public int doWork() {
            if (work.incrementAndGet() == 3) {
              throw new IllegalStateException("one bad log");
            }
            return work.get() % 2;
          }

          @Override
          public void onClose() {
            closed.incrementAndGet();
          }

          @Override
          public String roleName() {
            return "test-agent";
          }
        };
    AgentRunner runner =
        new AgentRunner(agent, IdleStrategy.backoff(), e -> errors.incrementAndGet());
    runner.start();
    long deadline = System.currentTimeMillis() + 5000;
    while (work.get() < 100 && System.currentTimeMillis() < deadline) {
      Thread.sleep(1);
    }
    assertTrue(runner.isRunning());
    assertThrows(IllegalStateException.class, runner::start);
    runner.stop();
    assertFalse(runner.isRunning());
    assertEquals(1, closed.get());
    assertEquals(1, errors.get(), "an agent error is reported and the agent keeps running");
    assertTrue(work.get() >= 100);
  }

  @Test
  void idleStrategyRejectsBadBounds() {
    assertThrows(IllegalArgumentException.class, () -> new BackoffIdleStrategy(1, 1, 10, 5));
  }

  /** Polls an idle agent gets in {@code millis}: spinning ones are polled far more often. */
  private static int idlePolls(boolean ownsCpu, long millis) throws InterruptedException {
    AtomicInteger polls = new AtomicInteger();
    Agent agent =
        new Agent() {
          @Override
          public int doWork() {
            polls.incrementAndGet();
            return 0;
          }

          @Override
          public boolean ownsCpu() {
            return ownsCpu;
          }

          @Override
          public String roleName() {
            return "idle-agent";
          }
        };
    AgentRunner runner = new AgentRunner(agent, IdleStrategy.backoff(), e -> {});
    runner.start();
    Thread.sleep(millis);
    runner.stop();
    return polls.get();
  }

  @Test
  void anAgentOnItsOwnCpuSpinsInsteadOfParking() throws Exception {
    // backoff() parks 50 us growing to 1 ms after 20 spins: at most a few hundred polls in
    // 100 ms. A spinning agent polls millions of times (thousands even on a loaded machine).
    int parked = idlePolls(false, 100);
    int spinning = idlePolls(true, 100);
    assertTrue(parked < 2_000, "parking agent polled " + parked + " times");
    assertTrue(spinning > 10 * parked, "spinning " + spinning + " vs parked " + parked);
  }
}
