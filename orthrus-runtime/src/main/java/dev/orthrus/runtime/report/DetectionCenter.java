package dev.orthrus.runtime.report;

import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.validate.Mismatch;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Turns a validator's mismatch into an actionable {@link Detection}: counts it per CPU, saves the
 * log as a reproducer file, emits the Flight Recorder event, prints it, and applies the policy.
 * Runs on the validator thread while the log is still intact.
 */
public final class DetectionCenter {

  private static final int KEPT = 64;

  /**
   * Reproducer files written per closure: a few are enough to replay one, and a faulty core (or a
   * bug) that makes every execution a detection would otherwise fill the disk with them.
   */
  public static final int REPRODUCERS_PER_CLOSURE = 64;

  /** Closure id of detections made by the control path's own {@code verify}. */
  public static final String CONTROL_PATH = "(control path)";

  private final DetectionPolicy policy;
  private final Consumer<Detection> callback;
  private final Path reproducerDir;
  private final Runnable halt;
  private final PrintStream err;
  private final LongAdder count = new LongAdder();
  private final LongAdder reproducersWritten = new LongAdder();
  private final AtomicLong callbackFailures = new AtomicLong();
  private final AtomicLongArray perAppCpu;
  private final ArrayDeque<Detection> recent = new ArrayDeque<>();
  private final ConcurrentHashMap<String, AtomicInteger> reproducers = new ConcurrentHashMap<>();

  /** Per closure, why its first reproducer that could not be written was not. */
  private final ConcurrentHashMap<String, String> writeFailures = new ConcurrentHashMap<>();

  /**
   * @param policy what to do after recording
   * @param callback called for every detection under {@link DetectionPolicy#CALLBACK} (may be null
   *     otherwise)
   * @param reproducerDir where reproducer files go; null to write none
   * @param halt how fail-stop stops the process (tests replace {@code Runtime.halt})
   * @param err where detections are printed; null for silence
   */
  public DetectionCenter(
      DetectionPolicy policy,
      Consumer<Detection> callback,
      Path reproducerDir,
      Runnable halt,
      PrintStream err) {
    if (policy == DetectionPolicy.CALLBACK && callback == null) {
      throw new IllegalArgumentException("the CALLBACK policy needs a callback");
    }
    this.policy = policy;
    this.callback = callback;
    this.reproducerDir = reproducerDir;
    this.halt = halt;
    this.err = err;
    // Index cpus is for "unknown CPU" (-1).
    this.perAppCpu = new AtomicLongArray(dev.orthrus.runtime.cpu.Pinning.cpus() + 1);
  }

  /** Reproducer files written so far. */
  public long reproducersWritten() {
    return reproducersWritten.sum();
  }

  public Detection record(ClosureLog log, Mismatch mismatch, int validatorCpu) {
    Path file = null;
    String writeProblem = null;
    if (reproducerDir != null) {
      String closure = log.binding().descriptor().id();
      AtomicInteger tried = reproducers.computeIfAbsent(closure, k -> new AtomicInteger());
      if (tried.getAndIncrement() >= REPRODUCERS_PER_CLOSURE) {
        String failure = writeFailures.get(closure);
        writeProblem =
            failure == null
                ? REPRODUCERS_PER_CLOSURE + " written for this closure already"
                : REPRODUCERS_PER_CLOSURE
                    + " tried for this closure already, not all written: "
                    + failure;
      } else {
        try {
          Files.createDirectories(reproducerDir);
          file = ReproducerFile.write(reproducerDir, log, mismatch, validatorCpu);
          reproducersWritten.increment();
        } catch (Exception e) {
          writeProblem = e.toString();
          writeFailures.putIfAbsent(closure, writeProblem);
        }
      }
    }
    Detection d =
        new Detection(
            log.binding().descriptor().id(),
            log.binding().name(),
            log.binding().key(),
            log.callerId(),
            callerName(ReproducerFile.applicationLoader(log), log.callerId()),
            log.appThread().getName(),
            log.appCpu(),
            validatorCpu,
            mismatch.kind(),
            mismatch.detail(),
            mismatch.expected(),
            mismatch.actual(),
            System.currentTimeMillis(),
            file);
    report(d, writeProblem);
    return d;
  }

  /**
   * Records a failed control-path checksum check ({@code ControlPath}): found on the application
   * thread itself, so there is no validator CPU ({@code -1}) and no log to save.
   *
   * @param closureId the closure whose first load found it, or {@link #CONTROL_PATH} for a {@code
   *     verify} by the control path
   */
  public Detection recordChecksum(
      String closureId,
      String closureName,
      int closureKey,
      int callerId,
      Thread appThread,
      int appCpu,
      ChecksumMismatchException e) {
    Detection d =
        new Detection(
            closureId,
            closureName,
            closureKey,
            callerId,
            callerName(appThread.getContextClassLoader(), callerId),
            appThread.getName(),
            appCpu,
            -1,
            MismatchKind.CHECKSUM,
            "control-path check of a " + e.versionType(),
            ChecksumMismatchException.hex(e.expected()),
            ChecksumMismatchException.hex(e.actual()),
            System.currentTimeMillis(),
            null);
    report(d, null);
    return d;
  }

  private void report(Detection d, String writeProblem) {
    count.increment();
    int cpu = d.appCpu();
    int idx = cpu >= 0 && cpu < perAppCpu.length() - 1 ? cpu : perAppCpu.length() - 1;
    perAppCpu.incrementAndGet(idx);
    synchronized (recent) {
      if (recent.size() == KEPT) {
        recent.removeFirst();
      }
      recent.addLast(d);
    }
    Events.detection(d);
    if (err != null) {
      // One line per detection, whatever the policy: a log reader greps for "orthrus: SDC".
      err.println(
          "orthrus: "
              + d.summary()
              + (writeProblem == null
                  ? ""
                  : "; no reproducer written: " + writeProblem.replaceAll("\\R", " "))
              + (policy == DetectionPolicy.FAIL_STOP ? "; fail-stop policy: halting" : ""));
      err.flush();
    }
    switch (policy) {
      case FAIL_STOP:
        halt.run();
        break;
      case CALLBACK:
        callBack(d);
        break;
      default:
        break;
    }
  }

  /**
   * Calls the program's callback. What it throws stays here: it would otherwise end the validation
   * of the log in hand (a validator's) or surface from a closure call (a control-path check's).
   * Said once on {@link #err}; later failures are counted.
   */
  private void callBack(Detection d) {
    try {
      callback.accept(d);
    } catch (RuntimeException | LinkageError | AssertionError e) {
      if (callbackFailures.getAndIncrement() == 0 && err != null) {
        err.println(
            "orthrus: the detection callback threw "
                + e
                + "; detections are still recorded and reported (later failures are only counted)");
        err.flush();
      }
    }
  }

  /** How many times the CALLBACK policy's callback threw. */
  public long callbackFailures() {
    return callbackFailures.get();
  }

  public long count() {
    return count.sum();
  }

  /** Detections per application CPU; the last entry counts detections whose CPU was unknown. */
  public long[] perCpu() {
    long[] out = new long[perAppCpu.length()];
    for (int i = 0; i < out.length; i++) {
      out[i] = perAppCpu.get(i);
    }
    return out;
  }

  /** The most recent detections, oldest first (at most 64). */
  public List<Detection> recent() {
    synchronized (recent) {
      return new ArrayList<>(recent);
    }
  }

  public DetectionPolicy policy() {
    return policy;
  }

  /** The calling method's name, from the protected builds' reports {@code loader} sees, or "". */
  private static String callerName(ClassLoader loader, int callerId) {
    String name = CallerNames.of(loader).method(callerId);
    return name == null ? "" : name;
  }
}
