/**
 * What Orthrus knows about JDK methods and types, in one table ({@link
 * dev.orthrus.model.jdk.JdkApis}) that the processor and the bytecode analysis both read, each
 * through its own {@link dev.orthrus.model.jdk.JdkCall}.
 */
package dev.orthrus.model.jdk;
