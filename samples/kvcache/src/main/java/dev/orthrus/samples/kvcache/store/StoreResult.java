package dev.orthrus.samples.kvcache.store;

/** A store's outcome and, when stored, the new item's CAS (meta commands return it). */
public record StoreResult(StoreOutcome outcome, long cas) {}
