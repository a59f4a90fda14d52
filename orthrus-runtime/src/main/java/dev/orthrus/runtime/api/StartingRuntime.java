package dev.orthrus.runtime.api;

import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;

/**
 * A start of the process-wide runtime while it runs, and what {@link Orthrus#runtime()} gives
 * another thread whose first closure call comes meanwhile when the process runs at the default
 * settings (decision 0090): the execution is not logged, as most are not under the default
 * sampling, instead of waiting the tenth of a second or more the start takes. A strict closure, and
 * anything that needs the runtime itself (a publication, a report, a verification), waits for the
 * start to end and goes to the runtime it started.
 */
final class StartingRuntime extends ClosureRuntime {

  private final Thread starter;

  private final CountDownLatch done = new CountDownLatch(1);

  private final Supplier<ClosureRuntime> runtime;

  /** {@code runtime}: the started runtime, asked once the start ended. */
  StartingRuntime(Thread starter, Supplier<ClosureRuntime> runtime) {
    this.starter = starter;
    this.runtime = runtime;
    mode(SAMPLED);
  }

  /** The start ended, with a runtime or with an error. */
  void ended() {
    done.countDown();
  }

  /**
   * Waits for the start to end, keeping an interrupt for the caller to see afterwards.
   *
   * @throws IllegalStateException on the thread that runs the start: it would wait for itself
   */
  void awaitStart() {
    if (Thread.currentThread() == starter) {
      throw new IllegalStateException("a closure was called while the Orthrus runtime started");
    }
    boolean interrupted = false;
    while (true) {
      try {
        done.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  protected ClosureLog beginLogged(CallSite site) {
    return startedRuntime().begin(site);
  }

  @Override
  protected ClosureLog beginSampled(CallSite site) {
    return site.closure().strict() ? startedRuntime().begin(site) : null;
  }

  @Override
  public void publish(ClosureLog log) {
    startedRuntime().publish(log);
  }

  @Override
  protected void reportCorrupted(CallSite site, ChecksumMismatchException e) {
    startedRuntime().reportCorrupted(site, e);
  }

  @Override
  public void verify(VersionedObject<?> object) {
    startedRuntime().verify(object);
  }

  private ClosureRuntime startedRuntime() {
    awaitStart();
    return runtime.get();
  }
}
