/**
 * Which CPU a thread runs on ({@link dev.orthrus.runtime.cpu.CpuId}) and optional pinning ({@link
 * dev.orthrus.runtime.cpu.Pinning}), through {@code net.openhft:affinity} when it is on the class
 * path and {@code /proc} otherwise.
 *
 * <p>Bottom of the package graph: depends on the JDK and the optional affinity library only.
 */
package dev.orthrus.runtime.cpu;
