package events;

import dev.orthrus.annotations.Closure;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Closures that call the callbacks an account holds. Each callback changes the program's own
 * objects (a list, a counter): it must run once per call.
 */
public class Svc {
  private final Map<String, Consumer<String>> byName = new HashMap<>();
  private Consumer<String> audit;
  private Config config;

  private Consumer<String> audit() {
    return audit;
  }

  @Closure
  public long viaMap(Acct a, long x) {
    a.balance += x;
    byName.get("audit").accept("m" + x);
    return a.balance;
  }

  @Closure
  public long viaGetter(Acct a, long x) {
    a.balance += x;
    audit().accept("g" + x);
    return a.balance;
  }

  @Closure
  public long viaRecord(Acct a, long x) {
    a.balance += config.ids().getAsLong() % 2;
    return a.balance;
  }

  /** A supplier reading the thread's current user: the validator's thread has another one. */
  @Closure
  public String whoIsIt(Acct a) {
    a.lastUser = a.currentUser.get() + "/" + Session.current().get();
    return a.lastUser;
  }
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
    a.currentUser = Session::user;
    Session.logIn("alice");
    Svc s = new Svc();
    List<String> audited = new ArrayList<>();
    s.byName.put("audit", audited::add);
    s.audit = audited::add;
    s.config = new Config(charged::incrementAndGet);
    long sum = 0;
    String users = "";
    for (int i = 0; i < rounds; i++) {
      sum += s.viaMap(a, i) + s.viaGetter(a, i) + s.viaRecord(a, i);
      users = s.whoIsIt(a);
      sum += s.viaConsumer(a, i) + s.viaRunnable(a, i) + s.viaOperator(a, i);
      sum += s.viaOwnInterface(a, i) + s.viaLocal(a, i);
    }
    return "heard=" + heard.size() + " audited=" + audited.size() + " ticks=" + ticks.get()
        + " charged=" + charged.get() + " sum=" + sum + " users=" + users;
  }
}
