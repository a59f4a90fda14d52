package example.tally;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.annotations.Comparison;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.Checksum;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedObject;
import dev.orthrus.testkit.FaultHook;
import java.io.Serializable;

/**
 * A protected program in the shape the rewriter emits: one closure, add(long), whose dispatcher
 * reaches the process-wide runtime through Orthrus.runtime(), so the runtime starts from -Dorthrus.*
 * properties at the first call. main corrupts one APP execution with the testkit's fault hook
 * and returns; the runtime's shutdown hook validates what is pending and reports.
 */
public final class Tally implements Serializable {

  private static final long serialVersionUID = 1L;

  static final int SITE_TOTAL = 1;

  static final String ID = "example.tally.Tally#add(long)";

  static final ClosureBinding ADD =
      new ClosureBinding(
          new ClosureDescriptor(
              ID, ClosureDescriptor.keyOf(ID), "Tally.add", false, false, false, Comparison.EQUALS),
          (log, r) -> r.returnBits(((Tally) log.receiver()).addVal(r, log.bitsArg(0))));

  static final CallSite ADD_FROM_MAIN = ADD.site(1);

  /** The running total: user data. */
  static final class Total extends VersionedObject<Total.V> {
    private static final long serialVersionUID = 1L;

    Total() {
      soVersion(new V(this, 0));
    }

    static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final long sum;

      V(Total owner, long sum) {
        super(owner);
        this.sum = sum;
        seal(Checksum.bits(Checksum.SEED, sum));
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(sum);
      }
    }
  }

  private final Total total = new Total();

  public long add(long n, CallSite site) {
    ClosureRuntime rt = Orthrus.runtime();
    ClosureLog log = rt.begin(site);
    if (log == null) {
      return addPlain(n);
    }
    log.receiver(this);
    log.argBits(n);
    long r;
    try {
      r = addApp(log, n);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(r);
    rt.publish(log);
    return r;
  }

  long addPlain(long n) {
    long sum = total.lvVersion().sum + n;
    total.soVersion(new Total.V(total, sum));
    return sum;
  }

  long addApp(ClosureLog log, long n) {
    long sum = FaultHook.bits(SITE_TOTAL, log.load(total).sum + n);
    log.store(total, new Total.V(total, sum));
    return sum;
  }

  long addVal(Replay r, long n) {
    long sum = r.load(total).sum + n;
    r.store(total, new Total.V(total, sum));
    return sum;
  }

  public static void main(String[] args) {
    Tally tally = new Tally();
    long sum = 0;
    for (int i = 1; i <= 1000; i++) {
      if (i == 500) {
        FaultHook.arm(new FaultHook.Fault(SITE_TOTAL, 1L << 20, 1));
      }
      sum = tally.add(i, ADD_FROM_MAIN);
      FaultHook.disarm();
    }
    System.out.println("total " + sum);
  }
}
