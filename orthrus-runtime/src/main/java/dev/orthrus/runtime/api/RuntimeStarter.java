package dev.orthrus.runtime.api;

/**
 * Starts the process-wide runtime at the first use of {@link Orthrus#runtime()} when none was
 * installed. The engine provides the one implementation, found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.orthrus.runtime.api.RuntimeStarter}), so that this package knows
 * nothing of the engine above it (decision 0026).
 */
public interface RuntimeStarter {

  /**
   * The runtime this process runs with, configured from system properties ({@code orthrus.*});
   * {@link Orthrus#validationOff()} when they turn validation off.
   *
   * @throws IllegalArgumentException naming the property and the values it accepts, when one is bad
   */
  ClosureRuntime start();
}
