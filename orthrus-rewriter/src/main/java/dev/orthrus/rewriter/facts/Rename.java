package dev.orthrus.rewriter.facts;

/**
 * A name in a source to replace before the sources are analyzed again: a private field of a
 * user-data subclass that has the name of a superclass's mutable field, declared or used there.
 *
 * @param name where the name is
 * @param to what it becomes
 */
public record Rename(Span name, String to) {}
