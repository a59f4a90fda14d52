package dev.orthrus.runtime.api;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import java.util.Objects;

/**
 * The process-wide runtime that generated code uses. Until {@link #install} is called it is a
 * runtime with validation disabled, so a protected application runs (unvalidated) without setup.
 */
public final class Orthrus {

  private static volatile OrthrusRuntime runtime;

  private Orthrus() {}

  public static OrthrusRuntime runtime() {
    OrthrusRuntime rt = runtime;
    return rt != null ? rt : disabled();
  }

  public static void install(OrthrusRuntime rt) {
    runtime = Objects.requireNonNull(rt, "runtime");
  }

  private static synchronized OrthrusRuntime disabled() {
    if (runtime == null) {
      OrthrusRuntime rt = new OrthrusRuntime(RuntimeConfig.builder().validators(0).build());
      rt.enabled(false);
      runtime = rt;
    }
    return runtime;
  }
}
