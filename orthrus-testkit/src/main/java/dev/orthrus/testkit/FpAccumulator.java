package dev.orthrus.testkit;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.annotations.Comparison;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.Checksum;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedObject;
import java.io.Serializable;

/**
 * A floating-point reduction: {@code add(batch)} folds a batch of samples into a running sum and
 * sum of squares and returns the new mean. Tagged floating point, so sampling prefers it; results
 * are compared by their bits (every NaN one value, as generated code does: decision 0060).
 */
public final class FpAccumulator implements Serializable {

  private static final long serialVersionUID = 1L;

  public static final int SITE_SUM = 11;

  static final String OWNER = FpAccumulator.class.getName();

  public static final ClosureBinding ADD =
      new ClosureBinding(
          new ClosureDescriptor(
              OWNER + "#add(double[])",
              ClosureDescriptor.keyOf(OWNER + "#add(double[])"),
              "FpAccumulator.add",
              true,
              false,
              false,
              Comparison.RAW_BITS),
          (log, r) ->
              r.returnBits(
                  Double.doubleToLongBits(
                      ((FpAccumulator) log.receiver()).addVal(r, (double[]) log.refArg(0)))));
  private static final CallSite ADD_SITE = ADD.site(0);

  /** The running sums. */
  public static final class Stats extends VersionedObject<Stats.V> {
    private static final long serialVersionUID = 1L;

    Stats() {
      soVersion(new V(this, 0, 0, 0));
    }

    /** Mutable fields of the sums. */
    public static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final double sum;
      final double sumOfSquares;
      final long count;

      V(Stats owner, double sum, double sumOfSquares, long count) {
        super(owner);
        this.sum = sum;
        this.sumOfSquares = sumOfSquares;
        this.count = count;
        seal(
            Checksum.bits(
                Checksum.bits(
                    Checksum.bits(Checksum.SEED, Double.doubleToLongBits(sum)),
                    Double.doubleToLongBits(sumOfSquares)),
                count));
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(Double.doubleToLongBits(sum));
        sink.bits(Double.doubleToLongBits(sumOfSquares));
        sink.bits(count);
      }
    }
  }

  private final transient ClosureRuntime rt;
  private final Stats stats = new Stats();

  public FpAccumulator(ClosureRuntime rt) {
    this.rt = rt;
  }

  /** Adds a batch; returns the mean over everything added so far. */
  public double add(double[] batch) {
    ClosureLog log = rt.begin(ADD_SITE);
    if (log == null) {
      return addPlain(batch);
    }
    return addLogged(log, batch);
  }

  private double addLogged(ClosureLog log, double[] batch) {
    log.receiver(this);
    log.argRef(batch);
    double r;
    try {
      r = addApp(log, batch);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(Double.doubleToLongBits(r));
    rt.publish(log);
    return r;
  }

  double addPlain(double[] batch) {
    Stats.V v = stats.lvVersion();
    double sum = v.sum;
    double sq = v.sumOfSquares;
    for (double x : batch) {
      sum += x;
      sq += x * x;
    }
    long n = v.count + batch.length;
    stats.soVersion(new Stats.V(stats, sum, sq, n));
    return n == 0 ? 0 : sum / n;
  }

  double addApp(ClosureLog log, double[] batch) {
    Stats.V v = log.load(stats);
    double sum = v.sum;
    double sq = v.sumOfSquares;
    for (double x : batch) {
      sum += x;
      sq += x * x;
    }
    sum = Double.longBitsToDouble(FaultHook.bits(SITE_SUM, Double.doubleToRawLongBits(sum)));
    long n = v.count + batch.length;
    log.store(stats, new Stats.V(stats, sum, sq, n));
    return n == 0 ? 0 : sum / n;
  }

  double addVal(Replay r, double[] batch) {
    Stats.V v = r.load(stats);
    double sum = v.sum;
    double sq = v.sumOfSquares;
    for (double x : batch) {
      sum += x;
      sq += x * x;
    }
    long n = v.count + batch.length;
    r.store(stats, new Stats.V(stats, sum, sq, n));
    return n == 0 ? 0 : sum / n;
  }

  public long count() {
    return stats.lvVersion().count;
  }
}
