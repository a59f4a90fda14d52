package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.cpu.CpuId;
import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.log.AppThread;
import dev.orthrus.runtime.log.ClosureLog;

/**
 * A validator agent: takes published logs from its home queues (and steals from the other
 * application threads' queues when those are empty), re-executes each with the closure's VAL
 * variant, compares outputs and recycles the log. It never writes user data.
 */
public final class Validator implements Agent {

  /** Logs taken from one queue before moving on, so one busy thread cannot starve the others. */
  private static final int BATCH = 32;

  private final ValidatorPool pool;
  private final int id;
  private final int pinTo;
  private final ValidationListener listener;
  private final Replay replay = new Replay();
  private final OutputComparator comparator = new OutputComparator();
  private int cursor;
  private volatile int cpu = -1;
  private volatile boolean pinned;
  private long validatedCount;
  private long stolenCount;

  Validator(ValidatorPool pool, int id, int pinTo, ValidationListener listener) {
    this.pool = pool;
    this.id = id;
    this.pinTo = pinTo;
    this.listener = listener;
  }

  @Override
  public String roleName() {
    return "orthrus-validator-" + id;
  }

  @Override
  public void onStart() {
    if (pinTo >= 0) {
      pinned = Pinning.pin(pinTo);
    }
    cpu = CpuId.current();
  }

  public int id() {
    return id;
  }

  public boolean pinned() {
    return pinned;
  }

  /** The validator's CPU, read freshly (detections are rare). */
  public int currentCpu() {
    int now = CpuId.current();
    cpu = now;
    return now;
  }

  public long validatedCount() {
    return validatedCount;
  }

  public long stolenCount() {
    return stolenCount;
  }

  @Override
  public int doWork() {
    AppThread[] threads = pool.appThreads();
    int n = threads.length;
    if (n == 0) {
      return 0;
    }
    int validators = Math.max(1, pool.size());
    // Home queues first: thread indexes congruent to this validator's id.
    for (int k = 0; k < n; k++) {
      int i = (cursor + k) % n;
      if (threads[i].index() % validators != id % validators) {
        continue;
      }
      int done = drain(threads[i], BATCH);
      if (done > 0) {
        cursor = i + 1;
        return done;
      }
    }
    // Nothing at home: steal one batch from anyone.
    for (int k = 0; k < n; k++) {
      int i = (cursor + k) % n;
      int done = drain(threads[i], BATCH / 4);
      if (done > 0) {
        stolenCount += done;
        cursor = i + 1;
        return done;
      }
    }
    return 0;
  }

  private int drain(AppThread thread, int max) {
    int done = 0;
    ClosureLog log;
    while (done < max && (log = thread.queue().relaxedPoll()) != null) {
      validate(log);
      done++;
    }
    return done;
  }

  /** Re-executes one log and reports; public so tests and replay can drive it synchronously. */
  public Mismatch validate(ClosureLog log) {
    Mismatch mismatch = check(log, replay, comparator);
    long delay = System.nanoTime() - log.publishNanos();
    validatedCount++;
    if (mismatch != null) {
      listener.mismatch(log, mismatch, this);
    }
    listener.validated(log, delay, this);
    if (log.strict()) {
      // The waiting application thread reads the verdict and recycles the log itself.
      log.soVerdict(mismatch == null ? ClosureLog.CONFIRMED : ClosureLog.DIVERGED);
    } else {
      log.home().recycle(log);
    }
    return mismatch;
  }

  /** Re-executes {@code log} with its closure's VAL variant and compares; no side effects. */
  public static Mismatch check(ClosureLog log, Replay replay, OutputComparator comparator) {
    replay.reset(log);
    try {
      log.binding().val().replay(log, replay);
    } catch (Divergence d) {
      return new Mismatch(d.kind(), d.getMessage(), "(VAL stopped)", "(APP went on)");
    } catch (Throwable t) {
      replay.threw(t);
    }
    return comparator.compare(log, replay);
  }
}
