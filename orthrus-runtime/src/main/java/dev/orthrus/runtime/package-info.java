/**
 * The engine: {@link dev.orthrus.runtime.OrthrusRuntime} (the logged path, strict mode, the memory
 * budget, monitoring) assembled from the thread registry, the validator pool, the sampling
 * controller and the detection center; {@link dev.orthrus.runtime.RuntimeConfig}; the JMX bean;
 * {@link dev.orthrus.runtime.AutoStart}, which starts the process-wide runtime from {@code
 * -Dorthrus.*} properties at the first closure call (decision 0026). An application that configures
 * the runtime in code starts one here and installs it with {@code Orthrus.install} before its first
 * closure call.
 *
 * <p>Top of the package graph (decision 0013): may depend on every other runtime package; none
 * depends on it.
 */
package dev.orthrus.runtime;
