package dev.orthrus.runtime;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.runtime.validate.ValClosure;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A closure as the runtime knows it: its descriptor, its VAL variant, and the validation-delay
 * statistics sampling decisions are based on. Generated code creates one per closure in a static
 * field and passes it to {@link OrthrusRuntime#begin}; there is no lookup on the hot path.
 */
public final class ClosureBinding {

  private final ClosureDescriptor descriptor;
  private final ValClosure val;
  private final DelayStats delay = new DelayStats();
  /** Copied out of the descriptor: read by every {@code begin}. */
  private final boolean strict;
  private final boolean prioritized;
  private final long weight;
  /**
   * Executions the controller armed to be logged (decision 0009): 0 (the common case: not due),
   * a count the first executions that see it take one by one, or {@link #ALWAYS} for a strict
   * closure. The application only reads it until it is armed, and the controller writes it at
   * the logging rate, so the line it shares with the final fields above changes rarely.
   */
  private volatile int due;
  /** Controller only: fractional arms owed to this closure (see {@link #arm}). */
  private double credit;

  /** {@link #due} of a strict closure: never taken down, so every execution is logged. */
  public static final int ALWAYS = Integer.MAX_VALUE;

  private static final VarHandle DUE;

  static {
    try {
      DUE = MethodHandles.lookup().findVarHandle(ClosureBinding.class, "due", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** {@link #weight()} of a strict closure: larger than any countdown, so always due. */
  public static final long STRICT_WEIGHT = Long.MAX_VALUE / 2;

  private static final ConcurrentHashMap<String, ClosureBinding> BY_ID = new ConcurrentHashMap<>();

  /** Creates a binding and registers it by id, so reproducer files can find it again. */
  public ClosureBinding(ClosureDescriptor descriptor, ValClosure val) {
    this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
    this.val = Objects.requireNonNull(val, "val");
    this.strict = descriptor.strict();
    this.prioritized = descriptor.floatingPoint() || descriptor.vector();
    this.weight = strict ? STRICT_WEIGHT : prioritized ? 2 : 1;
    // Armed once from the start: the first execution of every closure is logged.
    this.due = strict ? ALWAYS : 1;
    BY_ID.put(descriptor.id(), this);
  }

  /**
   * The binding registered for a closure id, initializing the closure's owner class (whose static
   * initializer creates its bindings) if needed; null when there is none.
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
    try {
      Class.forName(id.substring(0, hash), true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
    return BY_ID.get(id);
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
   * How much one execution counts down a sampling countdown: 1, 2 for a prioritized closure
   * (chosen twice as often), {@link #STRICT_WEIGHT} for a strict one (always chosen). One field,
   * so the unsampled path reads one value of the binding.
   */
  public long weight() {
    return weight;
  }

  /** Every binding created so far (the controller arms them). */
  public static Collection<ClosureBinding> all() {
    return BY_ID.values();
  }

  /**
   * The armed-sampling test on the hot path: a plain (opaque) read, and only when armed one CAS
   * that takes an arm. True when this execution is to be logged.
   */
  public boolean takeDue() {
    int d = (int) DUE.getOpaque(this);
    while (d > 0) {
      if (d == ALWAYS) {
        return true;
      }
      int seen = (int) DUE.compareAndExchange(this, d, d - 1);
      if (seen == d) {
        return true;
      }
      d = seen;
    }
    return false;
  }

  /** Arms left (for tests and monitoring); {@link #ALWAYS} for a strict closure. */
  public int due() {
    return due;
  }

  /**
   * Controller only: owes this closure {@code arms} more logged executions (fractions carry
   * over) and arms the whole ones, never above {@code cap} armed at once, so a closure that is
   * not running does not hoard a burst for later. Returns the arms added.
   */
  public int arm(double arms, int cap) {
    if (strict) {
      return 0;
    }
    credit = Math.min(credit + arms, Math.max(1, cap));
    int whole = (int) credit;
    if (whole <= 0) {
      return 0;
    }
    int d = due;
    while (true) {
      int next = (int) Math.min(Math.max(1, cap), (long) Math.max(0, d) + whole);
      if (next <= d) {
        return 0;
      }
      int seen = (int) DUE.compareAndExchange(this, d, next);
      if (seen == d) {
        credit -= next - d;
        return next - d;
      }
      d = seen;
    }
  }

  /** Tagged floating point or vector: sampled at twice the base rate. */
  public boolean prioritized() {
    return prioritized;
  }

  @Override
  public String toString() {
    return descriptor.name() + " (" + descriptor.id() + ")";
  }
}
