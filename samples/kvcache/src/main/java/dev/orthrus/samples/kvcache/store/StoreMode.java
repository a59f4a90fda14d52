package dev.orthrus.samples.kvcache.store;

/** The storage commands: what a store does with an existing or missing key. */
public enum StoreMode {
  SET,
  ADD,
  REPLACE,
  APPEND,
  PREPEND,
  CAS
}
