package shop;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import java.util.StringTokenizer;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;
import java.util.zip.CRC32;

/**
 * A service whose closures iterate, copy, join and sort collections its own fields hold, which the
 * control path changes between (and after) the closures' executions.
 */
public final class Shop {

  @UserData
  public static final class Account {
    final String id;
    long balance;
    String note = "";

    public Account(String id) {
      this.id = id;
    }
  }

  /** Counts its comparisons, so that a test sees how often the audit trail was sorted. */
  static final class Counting implements Comparator<String> {
    final AtomicInteger comparisons = new AtomicInteger();

    @Override
    public int compare(String a, String b) {
      comparisons.incrementAndGet();
      return a.compareTo(b);
    }
  }

  private final List<String> tags = new ArrayList<>();
  private final Map<String, Integer> limits = new HashMap<>();
  private final List<String> audit = new ArrayList<>();
  private final List<String> journal = new ArrayList<>();
  private final Map<String, List<String>> groups =
      new TreeMap<>(Map.of("a0", new ArrayList<>(), "a1", new ArrayList<>()));
  private final Vector<String> legacy = new Vector<>();
  private final ConcurrentHashMap<String, Integer> stock = new ConcurrentHashMap<>();
  private final Counting order = new Counting();

  /** A plain configuration record the service keeps; its list is the application's. */
  record Config(List<String> names) {}

  private final Config cfg = new Config(new ArrayList<>());
  private List<String> current = new ArrayList<>();
  private final List<String> hot = new ArrayList<>();
  private final List<String> cold = new ArrayList<>();
  private final Map<String, long[]> counters = new HashMap<>(Map.of("c", new long[3]));

  /** The control path: changes every collection the closures read. */
  public void change(int round) {
    in.clear();
    in.putInt(round * 7).putLong(round * 11L);
    names.add("n" + round);
    crc.update(round);
    tags.add("t" + round + "x".repeat(round % 4));
    if (tags.size() > 4) {
      tags.remove(0);
    }
    limits.put("k" + round, round * 3);
    limits.remove("k" + (round - 3));
    limits.replaceAll((k, v) -> v + 1);
    audit.add("z" + round);
    audit.add("a" + round);
    legacy.add("v" + round);
    stock.merge("s" + round % 3, round, Integer::sum);
    current = new ArrayList<>(List.of("c" + round, "cc".repeat(round % 3)));
    if (cfg.names().size() > 3) {
      cfg.names().remove(0);
    }
    hot.add("h" + round);
    cold.clear();
    counters.get("c")[round % 3] += round + 1;
    groups.get("a" + round % 2).add("g" + round);
    groups.get("a" + (round + 1) % 2).clear();
  }

  /** (8) A for-each over a field the control path replaces (not final). */
  @Closure
  public long swapped(Account a) {
    long n = 0;
    for (String c : current) {
      n += c.length();
    }
    a.balance = a.balance + n;
    return a.balance;
  }

  /** (9) A list reached through a plain record the service keeps. */
  @Closure
  public long configured(Account a) {
    cfg.names().add(a.id);
    a.balance = a.balance + cfg.names().size();
    return a.balance;
  }

  /** (10) A local that holds one of two shared lists. */
  @Closure
  public long chosen(Account a) {
    List<String> target = a.balance % 2 == 0 ? hot : cold;
    target.add(a.id);
    a.balance = a.balance + target.size();
    return a.balance;
  }

  /** (11) Elements of an array the service's map holds, which the control path changes. */
  @Closure
  public long counted(Account a) {
    long[] c = counters.get("c");
    a.balance = a.balance + c[0] + 2 * c[1] + 3 * counters.get("c")[2];
    return a.balance;
  }

  /** (12) A shared list a helper of the service returns, iterated. */
  @Closure
  public long grouped(Account a) {
    List<String> members = group(a.balance % 2 == 0);
    long n = 0;
    for (String m : members) {
      n = n * 3 + m.length();
    }
    a.balance = a.balance + n;
    return n;
  }

  private List<String> group(boolean even) {
    return even ? hot : cold;
  }

  /** A receive buffer the control path refills, a joiner and a checksum it feeds. */
  private final ByteBuffer in = ByteBuffer.allocate(64);

  private final StringJoiner names = new StringJoiner(",");
  private final CRC32 crc = new CRC32();

  /** (17) Reads of a buffer, a joiner and a checksum the control path changes. */
  @Closure
  public long buffered(Account a) {
    long n = in.getInt(0) + 3 * in.getLong(4) + names.length() + (crc.getValue() & 0xff);
    a.balance = a.balance + n;
    return n;
  }

  /** Objects a call changes: an iterator, an injected id source, a generator, a tokenizer. */
  private final Iterator<Integer> jobs = IntStream.range(0, 100_000).boxed().iterator();

  private final AtomicLong sequence = new AtomicLong();
  private final LongSupplier ids = sequence::incrementAndGet;
  private final RandomGenerator generator = new SplittableRandom(42);
  private final StringTokenizer tokens = new StringTokenizer("a bb ccc dddd ".repeat(100));

  /** (18) Calls that change the JDK objects the service holds: made once, by the application. */
  @Closure
  public long stateful(Account a) {
    long n = jobs.next() + ids.getAsLong() + generator.nextInt(100) + tokens.nextToken().length();
    a.balance = a.balance + n;
    return n;
  }

  /** Picks names for a closure; this one makes a new list. */
  static class Picker {
    List<String> picks(Shop shop) {
      return new ArrayList<>(List.of("p"));
    }
  }

  /** An override that gives the service's own list instead. */
  static final class TagPicker extends Picker {
    @Override
    List<String> picks(Shop shop) {
      return shop.tags;
    }
  }

  private final Picker fresh = new Picker();
  private final Picker tagged = new TagPicker();

  private Picker picker(Account a) {
    return a.balance % 2 == 0 ? tagged : fresh;
  }

  /**
   * (16) A list from a method whose own body makes a new one while an override gives the service's
   * list, iterated.
   */
  @Closure
  public long picked(Account a) {
    Picker p = picker(a);
    long n = 0;
    for (String t : p.picks(this)) {
      n = n * 3 + t.length();
    }
    a.balance = a.balance + n + 1;
    return n;
  }

  /**
   * (15) Recorded calls whose results a lambda and a switch arm give back, an {@code Optional} of a
   * shared list, a helper that returns a shared list or a new one, and the lists a shared map
   * holds, iterated.
   */
  @Closure
  public long valued(Account a) {
    long n = tags.stream().filter(t -> hot.contains(t)).count();
    String first =
        switch (tags.size()) {
          case 0 -> "none";
          default -> tags.get(0);
        };
    n = n * 7 + first.length();
    n = n * 7 + Optional.ofNullable(cold).map(List::size).orElse(-1);
    groupOrNew(a.id).add("seen");
    for (Map.Entry<String, List<String>> e : groups.entrySet()) {
      for (String m : e.getValue()) {
        n = n * 3 + m.length();
      }
    }
    a.balance = a.balance + n;
    return n;
  }

  private List<String> groupOrNew(String id) {
    List<String> l = groups.get(id);
    if (l == null) {
      return new ArrayList<>();
    }
    return l;
  }

  /** (13) A shared list converted to a string, also by {@code +=} on a local and on a field. */
  @Closure
  public String described(Account a) {
    a.balance = a.balance + 1;
    String line = "cold=";
    line += cold;
    a.note += tags;
    return "tags=" + tags + " " + line + " " + a.note.length();
  }

  /**
   * (14) Shared lists reaching code that reads them where nothing is recorded: a method of the
   * service, a JDK method of a builder the closure owns and a method reference. A validator may
   * not read them; the executions are not validated.
   */
  @Closure
  public long totalled(Account a) {
    a.balance = a.balance + total(tags);
    return a.balance;
  }

  @Closure
  public String appended(Account a) {
    StringBuilder sb = new StringBuilder(a.id);
    sb.append(tags);
    a.balance = a.balance + sb.length();
    return sb.toString();
  }

  @Closure
  public long flattened(Account a) {
    a.balance = a.balance + groups.values().stream().flatMap(List::stream).count();
    return a.balance;
  }

  @Closure
  public int journaled(Account a) {
    a.balance = a.balance + 1;
    tags.forEach(journal::add);
    return journal.size();
  }

  private static long total(List<String> l) {
    long n = 0;
    for (String s : l) {
      n = n * 5 + s.length();
    }
    return n;
  }

  /** (1) A for-each over a shared list. */
  @Closure
  public long lengths(Account a) {
    long n = 0;
    for (String t : tags) {
      n += t.length();
    }
    a.balance = a.balance + n;
    return a.balance;
  }

  /** (2) A stream and an iterator of a shared list, and an enumeration of a vector and a map. */
  @Closure
  public long streamed(Account a) {
    long n = tags.stream().mapToInt(String::length).sum();
    Iterator<String> it = tags.iterator();
    while (it.hasNext()) {
      n = n * 3 + it.next().length();
    }
    for (Enumeration<String> e = legacy.elements(); e.hasMoreElements(); ) {
      n += e.nextElement().length();
    }
    for (Enumeration<String> e = stock.keys(); e.hasMoreElements(); ) {
      n += e.nextElement().hashCode() % 7;
    }
    a.balance = a.balance + n;
    return n;
  }

  /** (3) forEach on a shared list and a shared map, the lambda reading user data. */
  @Closure
  public String visited(Account a) {
    StringBuilder sb = new StringBuilder();
    tags.forEach(sb::append);
    long[] sum = {0};
    limits.forEach((k, v) -> sum[0] += v + a.balance % 5);
    a.balance = a.balance + sum[0];
    return sb + "/" + sum[0];
  }

  /** (4) Live views a recorded call returns, iterated. */
  @Closure
  public long viewed(Account a) {
    long n = 0;
    for (Map.Entry<String, Integer> e : limits.entrySet()) {
      n += e.getKey().length() * (long) e.getValue();
    }
    for (int v : limits.values()) {
      n = n * 7 + v;
    }
    n += limits.keySet().stream().mapToInt(String::length).sum();
    a.balance = a.balance + n;
    return n;
  }

  /**
   * (5) A shared list passed to JDK methods, (6) to JDK constructors, the copies then changed, and
   * to a method of a list the closure owns.
   */
  @Closure
  public String copied(Account a) {
    String joined = String.join(",", tags);
    List<String> copy = new ArrayList<>(tags);
    copy.add("mine");
    for (String c : copy) {
      a.balance = a.balance + c.length();
    }
    Map<String, Integer> m = new HashMap<>(limits);
    m.merge("x", 1, Integer::sum);
    List<String> owned = new ArrayList<>();
    owned.addAll(tags);
    owned.add(0, "first");
    return joined + "|" + copy + "|" + new TreeMap<>(m) + "|" + owned + "|" + a.balance;
  }

  /** (7) A JDK method that sorts a shared list: it must sort once. */
  @Closure
  public int sorted(Account a) {
    Collections.sort(audit, order);
    a.balance = a.balance + audit.size();
    return audit.size();
  }

  public String report() {
    return "audit="
        + audit
        + " sequence="
        + sequence.get()
        + " job="
        + jobs.next()
        + " comparisons="
        + order.comparisons.get()
        + " names="
        + cfg.names()
        + " hot="
        + hot
        + " cold="
        + cold
        + " journal="
        + journal
        + " groups="
        + groups;
  }
}
