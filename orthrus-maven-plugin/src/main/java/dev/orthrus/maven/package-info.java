/**
 * The {@code orthrus-maven-plugin}: its {@code instrument} goal runs the instrumentation pipeline
 * ({@code dev.orthrus.rewriter}) on a Maven project after {@code compile}.
 */
package dev.orthrus.maven;
