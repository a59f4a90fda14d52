package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.ClosureBinding;
import java.util.ArrayList;
import java.util.List;

/**
 * Armed sampling (decision 0009): instead of every execution counting down a per-thread gap, the
 * runtime's controller arms a per-closure word ({@code ClosureBinding.due}) with the number of
 * executions to log over the next control period, and an execution that is not logged costs one
 * read of that word: no thread lookup, no write. The first executions that see it armed take the
 * arms one by one (a CAS each) and are logged.
 *
 * <p>The rate is therefore logs per second, not a share of executions: the controller derives
 * it from the overhead budget and its cost model (budget times elapsed time over the cost of one
 * log), times {@link #rate()}, the factor the controller's other signals (memory, queue, delay,
 * measured overhead) move as with the other policies. The priorities become arming weights:
 *
 * <ul>
 *   <li>a closure tagged floating point or vector gets twice the share of a plain one;
 *   <li>every closure starts armed, and a closure that has not run since it was armed keeps its
 *       arm, so a rarely used closure is logged on its next execution however rare it is (per
 *       closure; the (closure, caller) pairs of {@link AdaptiveSampling} would need a write per
 *       execution).
 * </ul>
 *
 * <p>Only closures that used up their arms share a period's logs, so closures that are declared
 * but not running do not take the hot ones' share.
 */
public final class ArmedSampling extends ThresholdSampling {

  public ArmedSampling() {
    this(1.0);
  }

  /** {@code initialFactor}: the share of the budget-derived logging rate to start at. */
  public ArmedSampling(double initialFactor) {
    super(initialFactor, 1.0);
  }

  @Override
  public boolean armed() {
    return true;
  }

  @Override
  public boolean sample(ClosureBinding closure, int callerId) {
    return closure.takeDue();
  }

  @Override
  public int arm(double logs) {
    return arm(ClosureBinding.all(), logs * rate());
  }

  /**
   * Shares {@code logs} among those {@code closures} whose arms are used up, by weight; returns
   * the arms added.
   */
  static int arm(Iterable<ClosureBinding> closures, double logs) {
    if (!(logs > 0)) {
      return 0;
    }
    List<ClosureBinding> spent = new ArrayList<>();
    long weights = 0;
    for (ClosureBinding b : closures) {
      if (!b.strict() && b.due() == 0) {
        spent.add(b);
        weights += b.weight();
      }
    }
    int added = 0;
    for (ClosureBinding b : spent) {
      double share = logs * b.weight() / weights;
      added += b.arm(share, (int) Math.min(1 << 20, Math.ceil(share)));
    }
    return added;
  }

  @Override
  public String name() {
    return "armed";
  }
}
