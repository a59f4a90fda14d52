package bank;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A service whose closures use JDK objects its own fields hold: a registry the control path adds
 * to and removes from, a get-or-create map, an audit trail and a counter.
 */
public final class Bank {

  @UserData
  public static final class Account {
    final String id;
    long balance;

    public Account(String id) {
      this.id = id;
    }
  }

  private final Map<String, Account> accounts = new HashMap<>();
  private final ConcurrentHashMap<String, Account> lazy = new ConcurrentHashMap<>();
  private final List<String> audit = new ArrayList<>();
  private final AtomicLong deposits = new AtomicLong();
  private static final Map<String, Long> LIMITS = new HashMap<>();
  private final StringBuilder journal = new StringBuilder();
  private final Map<String, List<Long>> history = new HashMap<>();
  private final List<Long> fees = List.of(1L, 2L, 3L);
  private static final ThreadLocal<String> USER = ThreadLocal.withInitial(() -> "teller");
  private final Registry<Account> registry = new Registry<>();

  /** A generic repository: its recorded lookups have the type variable's type. */
  static final class Registry<T> {
    private final Map<String, T> byId = new HashMap<>();

    T find(String id) {
      return byId.get(id);
    }

    void add(String id, T item) {
      byId.put(id, item);
    }
  }

  public void open(String id) {
    accounts.put(id, new Account(id));
    registry.add(id, new Account(id));
    LIMITS.put(id, 100L);
  }

  public void close(String id) {
    accounts.remove(id);
    LIMITS.remove(id);
  }

  /** Looks the account up in the registry, which the control path changes after it returns. */
  @Closure
  public long deposit(String id, long amount) {
    Account a = accounts.get(id);
    if (a == null) {
      return -1;
    }
    long limit = LIMITS.getOrDefault(id, 0L);
    a.balance = Math.min(limit, a.balance + amount);
    audit.add("deposit " + id + " " + amount);
    deposits.incrementAndGet();
    return a.balance;
  }

  /** Get or create: the new account is made inside the map's call. */
  @Closure
  public long credit(String id, long amount) {
    Account a = lazy.computeIfAbsent(id, Account::new);
    a.balance = a.balance + amount;
    boolean first = audit.size() == 0;
    audit.add("credit " + id + " " + amount + (first ? " first" : ""));
    return a.balance;
  }

  /**
   * Chained calls on what a shared object returns, a local holding a shared list, a stream of a
   * constant list, a thread-local value, and a generic repository.
   */
  @Closure
  public long note(String id, long amount) {
    journal.append(id).append(':').append(amount).append(';');
    history.computeIfAbsent(id, k -> new ArrayList<>()).add(amount);
    List<String> trail = audit;
    trail.add("note " + id);
    long fee = fees.stream().mapToLong(Long::longValue).sum();
    Account a = registry.find(id);
    if (a == null) {
      return -1;
    }
    a.balance = a.balance + amount - fee + USER.get().length();
    return a.balance;
  }

  public String report() {
    return audit
        + " deposits="
        + deposits.get()
        + " lazy="
        + lazy.size()
        + " journal="
        + journal
        + " history="
        + new java.util.TreeMap<>(history);
  }
}
