package dev.orthrus.processor.summary;

/** A {@code new} expression: an object or an array. */
public record AllocationSite(String type, boolean userData, Site site) {}
