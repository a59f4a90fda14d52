/**
 * {@code orthrus inject}: the fault-injection campaign. Runs a sample's deterministic workload in
 * child JVMs, fault-free (the oracle) and with the {@code orthrus-inject} agent corrupting one
 * instruction's result per run, and judges each run against the oracle.
 */
package dev.orthrus.cli.inject;
