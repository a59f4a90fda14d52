package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ValidatorThread;
import dev.orthrus.runtime.sample.FixedSampling;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A closure that VAL reaches through code the rewriter did not instrument (a {@code toString} that
 * a closure's {@code +=} calls) is never logged on the validator's thread: it runs its plain
 * variant, whose accesses to live user data the validator refuses. Logged, its stores would go to
 * live data through the log (they did, before {@code beginLogged} looked at the thread).
 */
class ValidatorThreadsRunUnloggedTest {

  private static final ClosureBinding CLOSURE =
      ClosureBinding.of(
          ValidatorThreadsRunUnloggedTest.class.getName() + "#c()",
          "c",
          (log, r) -> r.returnVoid());
  private static final CallSite SITE = CLOSURE.site(0);

  @Test
  void beginReturnsNoLogOnAValidatorsThread() throws Exception {
    RuntimeConfig config =
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(1.0))
            .validators(0)
            .err(null)
            .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      AtomicReference<ClosureLog> onValidator = new AtomicReference<>();
      Thread v = new ValidatorThread(() -> onValidator.set(rt.begin(SITE)), "validator-test", 0);
      v.start();
      v.join();
      assertNull(onValidator.get(), "a log on a validator's thread");
      ClosureLog log = rt.begin(SITE);
      assertNotNull(log, "every execution is logged on the application's thread");
      rt.appThread().abandon(log);
    }
  }
}
