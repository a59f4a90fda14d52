/**
 * Sampling policies: which executions are logged and validated ({@link
 * dev.orthrus.runtime.sample.SamplingPolicy}; {@link dev.orthrus.runtime.sample.ArmedSampling} by
 * default, decisions 0009 and 0012). The controller that moves their rate is the engine's.
 *
 * <p>May depend on {@code api} only.
 */
package dev.orthrus.runtime.sample;
