package dev.orthrus.processor.catalog;

/** The sampling-priority flags a generated catalog records for one closure. */
public record CatalogFlags(boolean floatingPoint, boolean vector) {}
