package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedObject;
import java.util.List;

/**
 * An account balance posted to with amounts the caller hands over in objects it owns and may reuse
 * after the call (a record holding an array, a list), hand-written as the rewriter generates it.
 * The original source:
 *
 * <pre>{@code
 * record Posting(String account, long[] amounts) {}
 * @UserData final class Balance { long total; }
 * @Closure long post(Posting p) { for (long a : p.amounts()) balance.total += a; return balance.total; }
 * @Closure long postAll(List<Long> amounts) { for (long a : amounts) balance.total += a; return balance.total; }
 * @Closure boolean sameBuffer(byte[] a, byte[] b) { return a == b; }
 * }</pre>
 */
final class Ledger {

  record Posting(String account, long[] amounts) {}

  private static final String OWNER = Ledger.class.getName();

  static final ClosureBinding POST =
      ClosureBinding.of(
          OWNER + "#post(Posting)",
          "Ledger.post",
          (log, r) -> r.returnBits(((Ledger) log.receiver()).postVal(r, (Posting) log.refArg(0))));

  @SuppressWarnings("unchecked")
  static final ClosureBinding POST_ALL =
      ClosureBinding.of(
          OWNER + "#postAll(List)",
          "Ledger.postAll",
          (log, r) ->
              r.returnBits(((Ledger) log.receiver()).postAllVal(r, (List<Long>) log.refArg(0))));

  static final ClosureBinding SAME_BUFFER =
      ClosureBinding.of(
          OWNER + "#sameBuffer(byte[],byte[])",
          "Ledger.sameBuffer",
          (log, r) -> r.returnBits(log.refArg(0) == log.refArg(1) ? 1 : 0));

  private static final CallSite POST_SITE = POST.site(0);
  private static final CallSite POST_ALL_SITE = POST_ALL.site(0);
  private static final CallSite SAME_BUFFER_SITE = SAME_BUFFER.site(0);

  static final class Balance extends VersionedObject<Balance.V> {
    private static final long serialVersionUID = 1L;

    Balance() {
      soVersion(new V(this, 0));
    }

    static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final long total;

      V(Balance owner, long total) {
        super(owner);
        this.total = total;
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(total);
      }
    }
  }

  private final OrthrusRuntime rt;
  private final Balance balance = new Balance();

  Ledger(OrthrusRuntime rt) {
    this.rt = rt;
  }

  long post(Posting p) {
    ClosureLog log = rt.begin(POST_SITE);
    if (log == null) {
      throw new UnsupportedOperationException("tests log every execution");
    }
    log.receiver(this);
    log.argRef(p);
    long result;
    try {
      result = postApp(log, p);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(result);
    rt.publish(log);
    return result;
  }

  long postAll(List<Long> amounts) {
    ClosureLog log = rt.begin(POST_ALL_SITE);
    if (log == null) {
      throw new UnsupportedOperationException("tests log every execution");
    }
    log.receiver(this);
    log.argRef(amounts);
    long result;
    try {
      result = postAllApp(log, amounts);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(result);
    rt.publish(log);
    return result;
  }

  boolean sameBuffer(byte[] a, byte[] b) {
    ClosureLog log = rt.begin(SAME_BUFFER_SITE);
    if (log == null) {
      return a == b;
    }
    log.receiver(this);
    log.argRef(a);
    log.argRef(b);
    boolean result = a == b;
    log.returnBits(result ? 1 : 0);
    rt.publish(log);
    return result;
  }

  private long add(ClosureLog log, long amount) {
    Balance.V v = log.load(balance);
    long total = v.total + amount;
    log.store(balance, new Balance.V(balance, total));
    return total;
  }

  private long add(Replay r, long amount) {
    Balance.V v = r.load(balance);
    long total = v.total + amount;
    r.store(balance, new Balance.V(balance, total));
    return total;
  }

  private long postApp(ClosureLog log, Posting p) {
    long total = log.load(balance).total;
    for (long a : p.amounts()) {
      total = add(log, a);
    }
    return total;
  }

  private long postVal(Replay r, Posting p) {
    long total = r.load(balance).total;
    for (long a : p.amounts()) {
      total = add(r, a);
    }
    return total;
  }

  private long postAllApp(ClosureLog log, List<Long> amounts) {
    long total = log.load(balance).total;
    for (long a : amounts) {
      total = add(log, a);
    }
    return total;
  }

  private long postAllVal(Replay r, List<Long> amounts) {
    long total = r.load(balance).total;
    for (long a : amounts) {
      total = add(r, a);
    }
    return total;
  }
}
