/**
 * What instrumented code calls: the profile counters and the hooks that corrupt a site's value on
 * an application thread, never on one of the runtime's validator threads. Loaded from the agent jar
 * by the system class loader, so the program's classes reach it.
 */
package dev.orthrus.inject.fault;
