package dev.orthrus.runtime.validate;

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
    Agent agent = new Agent() {
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
    AgentRunner runner = new AgentRunner(agent, IdleStrategy.backoff(), e -> errors.incrementAndGet());
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
    assertThrows(IllegalArgumentException.class, () -> new IdleStrategy(1, 1, 10, 5));
  }
}
