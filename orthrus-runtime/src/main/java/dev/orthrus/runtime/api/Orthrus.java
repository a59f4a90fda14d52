package dev.orthrus.runtime.api;

import java.util.Iterator;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * The process-wide runtime that generated code uses: dispatchers are generated inside the
 * application's own classes, which have no runtime field, so each reads {@link #runtime()} once per
 * call (one static volatile load and a null check, as cheap as the instance field a hand-written
 * closure holds; decisions 0013, 0026).
 *
 * <p>The first call of {@link #runtime()} when nothing was {@link #install installed} starts the
 * runtime from system properties ({@code -Dorthrus.mode}, {@code -Dorthrus.sampling}, ...: see
 * docs/runtime.md, "Configuration"), once, however many threads call at the same time. An
 * application that configures the runtime in code installs it before its first closure call.
 */
public final class Orthrus {

  private static volatile ClosureRuntime installed;

  private static final Object START = new Object();

  /**
   * Where the runtime was started from system properties (a stack trace for the error of a late
   * {@link #install}); null while it was not. Guarded by {@link #START}.
   */
  private static Throwable startedAtFirstUse;

  /** Whether a bad property value was printed on stderr (once). Guarded by {@link #START}. */
  private static boolean badSettingsReported;

  /**
   * The start that runs now (its thread, the latch its end counts down, and what other threads run
   * closures with meanwhile); null while none runs. Written under {@link #START}.
   */
  private static volatile StartingRuntime starting;

  private Orthrus() {}

  /**
   * The runtime closures run with: the installed one, else the one started from system properties
   * at the first call.
   *
   * @throws IllegalArgumentException when a system property of the runtime has a bad value (every
   *     call, until the property is fixed)
   */
  public static ClosureRuntime runtime() {
    ClosureRuntime rt = installed;
    return rt != null ? rt : startAtFirstUse();
  }

  /**
   * Makes {@code rt} the process-wide runtime. It wins over the system properties when called
   * before the first closure call; it may replace a runtime installed earlier (the caller owns
   * both, and closes the one it replaced). After a runtime was started from system properties it
   * throws: closures already ran with that one.
   *
   * @throws IllegalStateException when the runtime was already started at a first closure call
   */
  public static void install(ClosureRuntime rt) {
    Objects.requireNonNull(rt, "runtime");
    while (true) {
      StartingRuntime start;
      synchronized (START) {
        start = starting;
        if (start == null) {
          if (startedAtFirstUse != null) {
            throw new IllegalStateException(
                "the Orthrus runtime was already started from system properties at the first"
                    + " closure call (see the cause); install a runtime before any closure runs,"
                    + " or configure it with -Dorthrus.* properties",
                startedAtFirstUse);
          }
          installed = rt;
          return;
        }
      }
      start.awaitStart(); // throws on the starting thread itself
    }
  }

  /**
   * A runtime with validation off: closures run their unlogged variant, nothing is logged, no
   * thread is started; a failed control-path check still throws, unreported. What {@code
   * -Dorthrus.mode=off} starts; installing it keeps a process from starting validators.
   */
  public static ClosureRuntime validationOff() {
    return ValidationOff.INSTANCE;
  }

  /**
   * Starts the runtime once. The thread that starts it does so outside the lock, which takes a
   * tenth of a second or more (class loading, the validators' threads). A thread that calls a
   * closure meanwhile gets a {@link StartingRuntime} at the default settings (its execution is not
   * logged), and otherwise waits on a latch: tens of thousands of virtual threads blocked on one
   * monitor were woken one at a time, which took seconds, and even parked they cost a
   * deoptimization each when they resumed (decision 0090).
   */
  private static ClosureRuntime startAtFirstUse() {
    StartingRuntime start = starting;
    if (start != null && atDefaultSettings()) {
      return start; // without the lock, which thousands of threads may be asking for
    }
    synchronized (START) {
      ClosureRuntime rt = installed;
      if (rt != null) {
        return rt;
      }
      start = starting;
      if (start == null) {
        starting = new StartingRuntime(Thread.currentThread(), Orthrus::runtime);
      }
    }
    if (start == null) {
      return start();
    }
    if (atDefaultSettings()) {
      return start;
    }
    start.awaitStart();
    // Started, or failed with a bad setting: either way the next attempt says which.
    return runtime();
  }

  /**
   * Neither the mode nor the sampling is set: executions are sampled, so one that runs while the
   * runtime starts may go unlogged. Set, they might ask for every execution to be validated.
   */
  private static boolean atDefaultSettings() {
    return System.getProperty("orthrus.mode") == null
        && System.getProperty("orthrus.sampling") == null;
  }

  private static ClosureRuntime start() {
    ClosureRuntime rt = null;
    try {
      rt = starter().start();
      return rt;
    } catch (IllegalArgumentException e) {
      synchronized (START) {
        if (!badSettingsReported) {
          // A program that catches IllegalArgumentException for its own reasons would never say.
          badSettingsReported = true;
          System.err.println(
              e.getMessage()
                  + " (every closure call throws IllegalArgumentException until it is fixed)");
        }
      }
      throw e;
    } finally {
      StartingRuntime start;
      synchronized (START) {
        if (rt != null) {
          startedAtFirstUse =
              new Throwable(
                  "Orthrus runtime started at the first closure call, on thread "
                      + Thread.currentThread());
          installed = rt;
        }
        start = starting;
        starting = null;
      }
      start.ended();
    }
  }

  private static RuntimeStarter starter() {
    Iterator<RuntimeStarter> found =
        ServiceLoader.load(RuntimeStarter.class, Orthrus.class.getClassLoader()).iterator();
    if (!found.hasNext()) {
      throw new IllegalStateException(
          "no Orthrus engine found to start the runtime: the class path has"
              + " dev.orthrus.runtime.api but not META-INF/services/"
              + RuntimeStarter.class.getName()
              + " (a jar merged without its service files?)");
    }
    return found.next();
  }

  /**
   * Validation off: {@link #begin} always returns null, so nothing is ever logged or published.
   * Control-path checks still protect the caller: a failed one throws, unreported. Loaded only when
   * a process runs with validation off.
   */
  private static final class ValidationOff extends ClosureRuntime {

    static final ValidationOff INSTANCE = new ValidationOff();

    @Override
    protected ClosureLog beginLogged(CallSite site) {
      return null;
    }

    @Override
    protected ClosureLog beginSampled(CallSite site) {
      return null;
    }

    @Override
    public void publish(ClosureLog log) {
      throw new IllegalStateException("validation is off, so there is no log to publish");
    }

    @Override
    protected void reportCorrupted(CallSite site, ChecksumMismatchException e) {}

    @Override
    public void verify(VersionedObject<?> object) {
      ControlPath.verify(object);
    }
  }
}
