package dev.orthrus.samples.kvcache.store;

/** What a store did, named after the protocol's reply. */
public enum StoreOutcome {
  STORED,
  NOT_STORED,
  EXISTS,
  NOT_FOUND
}
