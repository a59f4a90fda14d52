package dev.orthrus.rewriter.facts;

/** Where a node is in its file: character offsets, {@code end} exclusive. */
public record Span(int start, int end) {}
