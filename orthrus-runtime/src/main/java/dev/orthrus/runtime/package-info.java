/**
 * The engine: {@link dev.orthrus.runtime.OrthrusRuntime} (the logged path, strict mode, the memory
 * budget, monitoring) assembled from the thread registry, the validator pool, the sampling
 * controller and the detection center; {@link dev.orthrus.runtime.RuntimeConfig}; the JMX bean. An
 * application starts a runtime here and installs it with {@code Orthrus.install}.
 *
 * <p>Top of the package graph (decision 0013): may depend on every other runtime package; none
 * depends on it.
 */
package dev.orthrus.runtime;
