package events;

import dev.orthrus.annotations.Closure;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Closures that call the callbacks an account holds. Each callback changes the program's own
 * objects (a list, a counter): it must run once per call.
 */
public class Svc {
  @Closure
  public long viaConsumer(Acct a, long x) {
    a.balance += x;
    a.listener.accept("c" + x);
    return a.balance;
  }

  @Closure
  public long viaRunnable(Acct a, long x) {
    a.balance += x;
    a.tick.run();
    return a.balance;
  }

  @Closure
  public long viaOperator(Acct a, long x) {
    a.balance += a.fee.applyAsLong(x);
    return a.balance;
  }

  @Closure
  public long viaLocal(Acct a, long x) {
    Runnable t = a.tick;
    a.balance += x;
    t.run();
    return a.balance;
  }

  @Closure
  public long viaOwnInterface(Acct a, long x) {
    a.balance += x;
    a.own.on("o" + x);
    return a.balance;
  }

  /** Runs every closure {@code rounds} times; the counts the callbacks kept, and the balance. */
  public static String drive(int rounds) {
    List<String> heard = new ArrayList<>();
    AtomicLong ticks = new AtomicLong();
    AtomicLong charged = new AtomicLong();
    Acct a = new Acct();
    a.listener = heard::add;
    a.tick = ticks::incrementAndGet;
    a.fee = x -> x + charged.incrementAndGet() % 3;
    a.own = heard::add;
    Svc s = new Svc();
    long sum = 0;
    for (int i = 0; i < rounds; i++) {
      sum += s.viaConsumer(a, i) + s.viaRunnable(a, i) + s.viaOperator(a, i);
      sum += s.viaOwnInterface(a, i) + s.viaLocal(a, i);
    }
    return "heard=" + heard.size() + " ticks=" + ticks.get() + " charged=" + charged.get()
        + " sum=" + sum;
  }
}
