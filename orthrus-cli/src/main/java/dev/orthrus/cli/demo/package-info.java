/**
 * {@code orthrus demo}: a faulty core caught on screen. Starts the protected kvcache server with
 * the {@code orthrus-inject} agent emulating a persistent defect in one unit of its worker's core,
 * drives it with the kvcache benchmark's load generator, shows the detections as they arrive,
 * compares throughput with the vanilla build and replays one reproducer on this CPU.
 */
package dev.orthrus.cli.demo;
