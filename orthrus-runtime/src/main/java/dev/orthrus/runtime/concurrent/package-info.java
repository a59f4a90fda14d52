/**
 * Generic concurrency parts, in Agrona's shape: {@link dev.orthrus.runtime.concurrent.Agent} and
 * {@link dev.orthrus.runtime.concurrent.AgentRunner} (a unit of background work and the thread that
 * drives it), {@link dev.orthrus.runtime.concurrent.IdleStrategy} with its strategies, and {@link
 * dev.orthrus.runtime.concurrent.SpmcRingQueue}, the padded single-producer queue over its owner's
 * ring (decision 0011).
 *
 * <p>Bottom of the package graph: depends on the JDK only, on no Orthrus package.
 */
package dev.orthrus.runtime.concurrent;
