package dev.orthrus.runtime.api;

import java.util.Objects;

/**
 * The process-wide runtime that generated code uses: dispatchers are generated inside the
 * application's own classes, which have no runtime field, so each reads {@link #runtime()} once per
 * call (one static load, as cheap as the instance field a hand-written closure holds).
 *
 * <p>Until {@link #install} is called it is a runtime with validation off, so a protected
 * application runs (unvalidated) without setup.
 */
public final class Orthrus {

  private static volatile ClosureRuntime installed;

  private Orthrus() {}

  public static ClosureRuntime runtime() {
    ClosureRuntime rt = installed;
    return rt != null ? rt : NotInstalled.INSTANCE;
  }

  public static void install(ClosureRuntime rt) {
    installed = Objects.requireNonNull(rt, "runtime");
  }

  /**
   * Validation off: {@link #begin} always returns null, so nothing is ever logged or published.
   * Control-path checks still protect the caller: a failed one throws, unreported. Loaded only when
   * a closure runs before a runtime is installed.
   */
  private static final class NotInstalled extends ClosureRuntime {

    static final NotInstalled INSTANCE = new NotInstalled();

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
      throw new IllegalStateException("no Orthrus runtime installed, so no log to publish");
    }

    @Override
    public ChecksumMismatchException corrupted(CallSite site, ChecksumMismatchException e) {
      return e;
    }

    @Override
    public void verify(VersionedObject<?> object) {
      ControlPath.verify(object);
    }
  }
}
