package dev.orthrus.runtime.api;

import dev.orthrus.annotations.ClosureDescriptor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A closure as the runtime knows it: its descriptor, its VAL variant, and the validation-delay
 * statistics sampling decisions are based on. Generated code creates one per closure in a static
 * field, and from it one {@link CallSite} per call site ({@link #site}), which it passes to {@link
 * ClosureRuntime#begin(CallSite)}; there is no lookup on the hot path.
 */
public final class ClosureBinding {

  private final ClosureDescriptor descriptor;
  private final ValClosure val;
  private final DelayStats delay = new DelayStats();

  /** Copied out of the descriptor: read by every {@code begin}. */
  private final boolean strict;

  private final boolean prioritized;
  private final long weight;

  /** Call sites by caller id; created on first use (generated code does it in static init). */
  private final ConcurrentHashMap<Integer, CallSite> sites = new ConcurrentHashMap<>();

  /** {@link #weight()} of a strict closure: larger than any countdown, so always due. */
  public static final long STRICT_WEIGHT = Long.MAX_VALUE / 2;

  private static final ConcurrentHashMap<String, ClosureBinding> BY_ID = new ConcurrentHashMap<>();

  /**
   * Every call site of every binding, copied on each new site: sites are made once per call site of
   * the program, and the controller walks them at every arming (every 50 us while validators work),
   * which a walk of two levels of maps made cost about a microsecond.
   */
  private static final CopyOnWriteArrayList<CallSite> ALL_SITES = new CopyOnWriteArrayList<>();

  private static final List<CallSite> ALL_SITES_VIEW = Collections.unmodifiableList(ALL_SITES);

  /** Creates a binding and registers it by id, so reproducer files can find it again. */
  public ClosureBinding(ClosureDescriptor descriptor, ValClosure val) {
    this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
    this.val = Objects.requireNonNull(val, "val");
    this.strict = descriptor.strict();
    this.prioritized = descriptor.floatingPoint() || descriptor.vector();
    this.weight = strict ? STRICT_WEIGHT : prioritized ? 2 : 1;
    BY_ID.put(descriptor.id(), this);
  }

  /**
   * The binding registered for a closure id, initializing the class that declares it if needed;
   * null when there is none. The id may come from a file: the class it names is loaded without
   * running its static initializer, and initialized only when it declares a static {@code
   * ClosureBinding} field. Generated bindings live in the owner's nested class {@value
   * ClosureDescriptor#BINDINGS_HOLDER}, which is initialized instead (it runs no code of the
   * program); hand-written ones in the owner itself.
   */
  public static ClosureBinding find(String id, ClassLoader loader) {
    ClosureBinding b = BY_ID.get(id);
    if (b != null) {
      return b;
    }
    int hash = id.indexOf('#');
    if (hash <= 0) {
      return null;
    }
    String owner = id.substring(0, hash);
    for (String name : List.of(owner + "$" + ClosureDescriptor.BINDINGS_HOLDER, owner)) {
      try {
        Class<?> declaring = Class.forName(name, false, loader);
        if (declaresBinding(declaring)) {
          Class.forName(name, true, loader);
          return BY_ID.get(id);
        }
      } catch (ClassNotFoundException | LinkageError e) {
        // not this one
      }
    }
    return null;
  }

  private static boolean declaresBinding(Class<?> owner) {
    for (Field f : owner.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == ClosureBinding.class) {
        return true;
      }
    }
    return false;
  }

  /** Convenience for hand-written closures: derives the key from the id. */
  public static ClosureBinding of(String id, String name, ValClosure val) {
    return of(id, name, false, false, val);
  }

  public static ClosureBinding of(
      String id, String name, boolean floatingPoint, boolean strict, ValClosure val) {
    return new ClosureBinding(
        new ClosureDescriptor(
            id,
            ClosureDescriptor.keyOf(id),
            name,
            floatingPoint,
            false,
            strict,
            dev.orthrus.annotations.Comparison.EQUALS),
        val);
  }

  public ClosureDescriptor descriptor() {
    return descriptor;
  }

  public int key() {
    return descriptor.key();
  }

  public String name() {
    return descriptor.name();
  }

  public ValClosure val() {
    return val;
  }

  /** Validation delay of this closure; written by validators only. */
  public DelayStats delay() {
    return delay;
  }

  /** {@code @Closure(strict = true)}: the caller waits for the validator's verdict. */
  public boolean strict() {
    return strict;
  }

  /**
   * How much one execution counts down a sampling countdown: 1, 2 for a prioritized closure (chosen
   * twice as often), {@link #STRICT_WEIGHT} for a strict one (always chosen). One field, so the
   * unsampled path reads one value of the binding.
   */
  public long weight() {
    return weight;
  }

  /**
   * The site of this closure called from {@code callerId}, created on first use. A map lookup:
   * generated code calls it once per call site and keeps the result in a static field.
   */
  public CallSite site(int callerId) {
    CallSite s = sites.get(callerId);
    return s != null ? s : sites.computeIfAbsent(callerId, this::newSite);
  }

  private CallSite newSite(int callerId) {
    CallSite site = new CallSite(this, callerId);
    ALL_SITES.add(site);
    return site;
  }

  /** The call sites of every binding created so far (the controller arms them). */
  public static List<CallSite> allSites() {
    return ALL_SITES_VIEW;
  }

  /**
   * The return type of the method the id names, for reports (a {@code double} result shown as the
   * number); null when the owner cannot be loaded or no single method matches. Reflection, so not
   * for the hot path.
   */
  public Class<?> declaredReturnType() {
    String id = descriptor.id();
    int hash = id.indexOf('#');
    int open = id.indexOf('(', hash);
    if (hash <= 0 || open < 0 || !id.endsWith(")")) {
      return null;
    }
    String name = id.substring(hash + 1, open);
    String params = id.substring(open + 1, id.length() - 1);
    try {
      Class<?> owner = Class.forName(id.substring(0, hash), false, val.getClass().getClassLoader());
      Class<?> found = null;
      for (Method m : owner.getDeclaredMethods()) {
        if (m.getName().equals(name) && !m.isSynthetic() && params.equals(erasedParams(m))) {
          if (found != null && found != m.getReturnType()) {
            return null;
          }
          found = m.getReturnType();
        }
      }
      return found;
    } catch (ClassNotFoundException | LinkageError | SecurityException e) {
      return null;
    }
  }

  private static String erasedParams(Method m) {
    StringJoiner params = new StringJoiner(",");
    for (Class<?> p : m.getParameterTypes()) {
      params.add(p.getTypeName());
    }
    return params.toString();
  }

  /** Tagged floating point or vector: twice the weight in sampling. */
  public boolean prioritized() {
    return prioritized;
  }

  @Override
  public String toString() {
    return descriptor.name() + " (" + descriptor.id() + ")";
  }
}
