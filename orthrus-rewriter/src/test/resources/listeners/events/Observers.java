package events;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.pcollections.PVector;
import org.pcollections.TreePVector;

/**
 * Observers the program registered, reached by closures in the ways a service reaches them: a loop
 * over a list, its forEach, a map's forEach, an array, a persistent vector in user data, a choice,
 * a composition, a thread-local, an Optional and a stream around a held one, the program's own
 * interface extending the JDK's, private helpers every call of which hands them a held one, and a
 * stream's stages.
 */
@UserData
public class Observers {
  long count;
  Consumer<String> listener;
  PVector<Consumer<String>> hooks = TreePVector.empty();
  Hook hook;

  /** The service's side: each registered listener, and a current-user supplier. */
  static final List<Consumer<String>> LISTENERS = new ArrayList<>();
  static final TreeMap<String, Consumer<String>> HANDLERS = new TreeMap<>();
  static final List<Supplier<String>> USERS = new ArrayList<>();
  @SuppressWarnings("unchecked")
  static final Consumer<String>[] SLOTS = new Consumer[1];
  static final ThreadLocal<Consumer<String>> LOCAL = new ThreadLocal<>();
  static final Function<String, String> STAMP = e -> e + " by " + Session.user();

  @Closure
  public long notifyAll(long x) {
    count += x;
    for (Consumer<String> l : LISTENERS) {
      l.accept("loop" + x);
    }
    LISTENERS.forEach(l -> l.accept("each" + x));
    HANDLERS.forEach((k, h) -> h.accept(k + x));
    SLOTS[0].accept("slot" + x);
    hooks.get(0).accept("pv" + x);
    for (Consumer<String> h : hooks) {
      h.accept("pvloop" + x);
    }
    (x % 2 == 0 ? listener : LISTENERS.get(0)).accept("choice" + x);
    listener.andThen(LISTENERS.get(0)).accept("then" + x);
    LOCAL.get().accept("local" + x);
    Optional.ofNullable(listener).ifPresent(l -> l.accept("opt" + x));
    Stream.of(listener).forEach(l -> l.accept("stream" + x));
    hook.accept("hook" + x);
    Objects.requireNonNull(listener).accept("nonnull" + x);
    List.of("given" + x).forEach(listener);
    Optional.of("mapped" + x).map(STAMP).ifPresent(LISTENERS.get(0));
    Consumer<String> chosen =
        switch ((int) (x % 3)) {
          case 0 -> listener;
          case 1 -> LISTENERS.get(0);
          default -> SLOTS[0];
        };
    chosen.accept("switch" + x);
    tell(listener, "told" + x);
    tell(LISTENERS.get(0), "told0" + x);
    relay(hook, "relayed" + x);
    List<String> mine = new ArrayList<>();
    collect(mine::add, "own" + x);
    collect(e -> mine.add(e + "!"), "own" + x);
    count += mine.size();
    count += Stream.of("staged" + x).map(STAMP).collect(Collectors.joining()).length();
    count += Stream.of("peeked" + x).filter(e -> !e.isEmpty()).peek(listener).toList().size();
    return count;
  }

  /** Helpers every call of which hands them a held listener, and one handed the closure's own. */
  private static void tell(Consumer<String> to, String event) {
    to.accept(event);
  }

  private static void relay(Consumer<String> to, String event) {
    pass(to, event);
  }

  private static void pass(Consumer<String> to, String event) {
    to.accept(event);
  }

  private void collect(Consumer<String> into, String event) {
    into.accept(event + count);
  }

  /** A supplier of the current user, from a list of them: the validator's thread has another. */
  @Closure
  public String who(long x) {
    String user = "";
    for (Supplier<String> s : USERS) {
      user = s.get();
    }
    user += "/" + Who.CURRENT.get();
    count += x;
    return user + count;
  }

  /** Every closure {@code rounds} times; how many calls each listener heard. */
  public static String drive(int rounds) {
    List<String> heard = new ArrayList<>();
    Consumer<String> hear = heard::add;
    LISTENERS.add(hear);
    HANDLERS.put("h", hear);
    SLOTS[0] = hear;
    LOCAL.set(hear);
    USERS.add(Session::user);
    Session.logIn("bob");
    Observers o = new Observers();
    o.listener = hear;
    o.hooks = o.hooks.plus(hear);
    o.hook = heard::add;
    long sum = 0;
    String user = "";
    for (int i = 0; i < rounds; i++) {
      sum += o.notifyAll(i);
      user = o.who(i);
    }
    return "heard=" + heard.size() + " sum=" + sum + " user=" + user;
  }
}
