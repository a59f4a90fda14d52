package dev.orthrus.benchmarks.kvcache;

/**
 * The load every mode of the kvcache benchmark gets: {@code keys} keys whose popularity follows a
 * Zipf law of {@code zipfExponent}, {@code getPercent}% gets and the rest sets, set values of a
 * size drawn uniformly from {@code [minValueBytes, maxValueBytes]}, {@code connections} closed-loop
 * client connections each keeping {@code pipelineDepth} requests in flight, all drawn from {@code
 * seed} (connection {@code c}'s requests are the same in every mode and repetition).
 */
public record Workload(
    int keys,
    double zipfExponent,
    int getPercent,
    int minValueBytes,
    int maxValueBytes,
    int connections,
    int pipelineDepth,
    long seed) {

  /**
   * 0.99: YCSB's default Zipf constant, and the skew production cache traces show (Yang et al.,
   * OSDI 2020, found most of Twitter's cache clusters Zipfian with an exponent close to 1).
   */
  public static final double DEFAULT_ZIPF_EXPONENT = 0.99;

  public Workload {
    require(keys >= 1, "keys must be at least 1");
    require(getPercent >= 0 && getPercent <= 100, "the get share must be within 0..100 percent");
    require(
        minValueBytes >= Values.MIN_BYTES && minValueBytes <= maxValueBytes,
        "value sizes must satisfy " + Values.MIN_BYTES + " <= min <= max");
    require(
        maxValueBytes <= 1 << 20, "values may be at most 1 MiB, memcached's default item limit");
    require(connections >= 1, "at least one connection");
    require(pipelineDepth >= 1 && pipelineDepth <= 1024, "pipeline depth must be within 1..1024");
    new ZipfKeys(1, zipfExponent); // validates the exponent
  }

  public static Workload defaults() {
    return new Workload(100_000, DEFAULT_ZIPF_EXPONENT, 90, 64, 1024, 1, 16, 42);
  }

  /** The key of {@code rank}; ranks are popularity order, rank 0 the most popular. */
  static String key(int rank) {
    return "kv:" + rank;
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }
}
