package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import java.util.ArrayList;
import java.util.List;

/**
 * Armed sampling (decisions 0009 and 0012): instead of every execution counting down a per-thread
 * gap, the runtime's controller arms a word per (closure, caller) pair ({@link CallSite#due()})
 * with the number of executions to log over the next arming period, and an execution that is not
 * logged costs one read of that word: no thread lookup, no write. The first executions that see it
 * armed take the arms one by one (a CAS each) and are logged.
 *
 * <p>The rate is therefore logs per second, not a share of executions: the controller derives it
 * from the overhead budget and its cost model (budget times elapsed time over the cost of one log),
 * times {@link #rate()}, the factor the controller's other signals (memory, queue, delay, measured
 * overhead) move as with the other policies. The priorities become arming rules:
 *
 * <ul>
 *   <li>a site of a closure tagged floating point or vector gets twice the share of a plain one;
 *   <li>every site starts armed, and a site that has not run since it was armed keeps its arm: the
 *       (closure, caller) pairs not validated recently are exactly the ones holding arms, and each
 *       is logged on its next execution however rarely it runs, while a hot caller of the same
 *       closure gets no more than its share.
 * </ul>
 *
 * <p>Only sites that used up their arms share a period's logs, so sites that are declared but not
 * running do not take the hot ones' share.
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
    return closure.site(callerId).takeDue();
  }

  @Override
  public int arm(double logs) {
    return arm(ClosureBinding.allSites(), logs * rate());
  }

  /**
   * Shares {@code logs} among those {@code sites} whose arms are used up, by their closure's
   * weight; returns the arms added.
   */
  static int arm(Iterable<CallSite> sites, double logs) {
    if (!(logs > 0)) {
      return 0;
    }
    List<CallSite> spent = new ArrayList<>();
    long weights = 0;
    for (CallSite s : sites) {
      if (!s.closure().strict() && s.due() == 0) {
        spent.add(s);
        weights += s.closure().weight();
      }
    }
    int added = 0;
    for (CallSite s : spent) {
      double share = logs * s.closure().weight() / weights;
      added += s.arm(share, (int) Math.min(1 << 20, Math.ceil(share)));
    }
    return added;
  }

  @Override
  public String name() {
    return "armed";
  }
}
