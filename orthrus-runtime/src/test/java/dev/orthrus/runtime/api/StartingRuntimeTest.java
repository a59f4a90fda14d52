package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What closures run with while another thread starts the runtime (decision 0090). */
class StartingRuntimeTest {

  private static final CallSite PLAIN = ClosureBinding.of("t.S#f()", "f", (l, r) -> {}).site(1);

  private static final CallSite STRICT =
      ClosureBinding.of("t.S#strict()", "strict", false, true, (l, r) -> {}).site(1);

  /** A started runtime that logs every execution into a log of its own and counts publications. */
  private static final class Started extends ClosureRuntime {
    final ClosureLog log = new ClosureLog(new AppThread(new Thread(() -> {}), -1, 2), -1);
    final AtomicInteger published = new AtomicInteger();

    Started() {
      mode(SAMPLED);
    }

    @Override
    protected ClosureLog beginLogged(CallSite site) {
      return log;
    }

    @Override
    protected ClosureLog beginSampled(CallSite site) {
      return log;
    }

    @Override
    public void publish(ClosureLog log) {
      published.incrementAndGet();
    }

    @Override
    protected void reportCorrupted(CallSite site, ChecksumMismatchException e) {}

    @Override
    public void verify(VersionedObject<?> object) {}
  }

  @Test
  void anExecutionOfAClosureThatIsNotStrictIsNotLoggedAndDoesNotWait() {
    StartingRuntime starting = new StartingRuntime(new Thread(() -> {}), Started::new);
    assertNull(starting.begin(PLAIN));
  }

  @Test
  void aStrictClosureWaitsForTheStartAndIsLoggedByTheStartedRuntime() throws Exception {
    Started started = new Started();
    StartingRuntime starting = new StartingRuntime(new Thread(() -> {}), () -> started);
    CompletableFuture<ClosureLog> begun =
        CompletableFuture.supplyAsync(() -> starting.begin(STRICT));
    Thread.sleep(100);
    assertFalse(begun.isDone(), "a strict closure ran before the runtime started");
    starting.ended();
    ClosureLog log = begun.get(10, TimeUnit.SECONDS);
    assertSame(started.log, log);
    starting.publish(log);
    assertEquals(1, started.published.get());
  }

  @Test
  void theThreadThatStartsTheRuntimeIsRefusedRatherThanWaitingForItself() {
    StartingRuntime starting = new StartingRuntime(Thread.currentThread(), Started::new);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> starting.begin(STRICT));
    assertTrue(e.getMessage().contains("while the Orthrus runtime started"), e::getMessage);
  }
}
