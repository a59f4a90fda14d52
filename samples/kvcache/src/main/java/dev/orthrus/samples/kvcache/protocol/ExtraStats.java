package dev.orthrus.samples.kvcache.protocol;

import java.util.Map;

/**
 * The figures {@code stats} adds to memcached's: the protection's ({@code orthrus_*}) in mode
 * orthrus, the replication's ({@code rbv_*}) in mode rbv, none in the vanilla build.
 */
@FunctionalInterface
public interface ExtraStats {

  /** The figures, by stat name, in the order {@code stats} prints them. */
  Map<String, Number> read();

  /**
   * {@code stats reset}: figures that describe a distribution (the validation latency) start over
   * and cover what happens from now on; counters go on (readers take differences).
   */
  default void reset() {}
}
