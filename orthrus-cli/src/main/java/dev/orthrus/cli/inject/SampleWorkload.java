package dev.orthrus.cli.inject;

import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.sample.SampleBuilds;
import java.util.List;

/**
 * A sample's deterministic workload: the class to run and its arguments for a seed. The output of a
 * run (every result folded into per-symbol or per-key digests, then the final state) is what the
 * campaign compares.
 */
record SampleWorkload(String mainClass, List<String> fixedArgs) {

  static SampleWorkload of(SampleBuilds builds) {
    return switch (builds.sample()) {
      case "order-book" ->
          // One application thread: the occurrence counts of the profile then hold in every run.
          new SampleWorkload("dev.orthrus.samples.orderbook.Main", List.of("--threads", "1"));
      case "kvcache" ->
          new SampleWorkload("dev.orthrus.samples.kvcache.Simulation", List.of("--threads", "1"));
      default -> throw new BadInputException("no workload is known for sample " + builds.sample());
    };
  }

  /** The arguments of a run with {@code seed} and {@code ops} operations. */
  List<String> args(long seed, int ops) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of("--seed", Long.toString(seed), "--ops", Integer.toString(ops)));
    args.addAll(fixedArgs);
    return args;
  }
}
