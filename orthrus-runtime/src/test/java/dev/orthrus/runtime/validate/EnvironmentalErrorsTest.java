package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.Divergence;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.sample.FixedSampling;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Errors of the machine rather than of the data (a stack or the heap running out, class
 * initialization that happened once) are not evidence of a faulty core: on either side they leave
 * the execution not validated, counted as such, and never make a detection.
 */
class EnvironmentalErrorsTest {

  /** Deep enough to overflow a default (1 MB) stack in compiled and interpreted code alike. */
  private static final int DEPTH = 200_000;

  private static final long SUM = (long) DEPTH * (DEPTH + 1) / 2;
  private static final long LARGE_STACK = 1L << 30;

  private final List<Detection> found = new CopyOnWriteArrayList<>();
  private OrthrusRuntime rt;

  private OrthrusRuntime start(RuntimeConfig.Builder config) {
    rt =
        new OrthrusRuntime(
            config
                .sampling(() -> new FixedSampling(1.0))
                .policy(DetectionPolicy.CALLBACK)
                .callback(found::add)
                .err(null)
                .build());
    rt.blockWhenFull(true);
    return rt;
  }

  @AfterEach
  void tearDown() {
    if (rt != null) {
      rt.close();
    }
  }

  /** Runs {@code call} on a new application thread with a stack of {@code stackBytes}. */
  private static <T> T onThreadWithStack(long stackBytes, Callable<T> call) throws Throwable {
    AtomicReference<T> result = new AtomicReference<>();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                result.set(call.call());
              } catch (Throwable e) {
                thrown.set(e);
              }
            },
            "deep-app",
            stackBytes);
    t.start();
    t.join();
    if (thrown.get() != null) {
      throw thrown.get();
    }
    return result.get();
  }

  @Test
  void aRecursionThatFitsTheApplicationsStackIsValidatedOnTheValidatorsLargeStack()
      throws Throwable {
    start(RuntimeConfig.builder());
    DeepTree tree = new DeepTree(rt, DEPTH);
    assertEquals(SUM, (long) onThreadWithStack(LARGE_STACK, tree::sum));
    assertTrue(rt.awaitDrained(60_000));
    assertEquals(List.of(), found);
    assertEquals(1, rt.validatedCount());
    assertEquals(0, rt.notValidatedCount());
  }

  @Test
  void anOverflowOnTheApplicationThreadIsTheProgramsOwnErrorAndNotValidated() {
    start(RuntimeConfig.builder());
    DeepTree tree = new DeepTree(rt, DEPTH);
    assertThrows(StackOverflowError.class, () -> onThreadWithStack(256 << 10, tree::sum));
    assertTrue(rt.awaitDrained(60_000));
    assertEquals(List.of(), found);
    assertEquals(1, rt.notValidatedCount());
  }

  @Test
  void anOverflowOnTheValidatorOnlyLeavesTheExecutionNotValidated() throws Throwable {
    start(RuntimeConfig.builder().validatorStackBytes(256 << 10));
    DeepTree tree = new DeepTree(rt, DEPTH);
    assertEquals(SUM, (long) onThreadWithStack(LARGE_STACK, tree::sum));
    assertTrue(rt.awaitDrained(60_000));
    assertEquals(List.of(), found);
    assertEquals(1, rt.notValidatedCount());
  }

  @Test
  void aStrictCallerWhoseValidatorOverflowsGetsItsResultUnconfirmed() throws Throwable {
    start(RuntimeConfig.builder().strictAll(true).validatorStackBytes(256 << 10));
    DeepTree tree = new DeepTree(rt, DEPTH);
    assertEquals(SUM, (long) onThreadWithStack(LARGE_STACK, tree::sum));
    assertEquals(List.of(), found);
    assertEquals(1, rt.notValidatedCount());
  }

  // ---- class initialization: the first user sees ExceptionInInitializerError, later ones
  // NoClassDefFoundError ----

  /** A class whose static initializer fails, as one reading a missing setting does. */
  static final class Settings {
    static final int PORT = Integer.parseInt(System.getProperty("orthrus.test.missing", "none"));
  }

  /** A closure without user data that reads {@link Settings}; hand-written as generated. */
  static final class Server {
    static final ClosureBinding PORT =
        ClosureBinding.of(
            Server.class.getName() + "#port()",
            "Server.port",
            (log, r) -> r.returnBits(Settings.PORT));
    private static final CallSite PORT_SITE = PORT.site(0);

    private final OrthrusRuntime rt;

    Server(OrthrusRuntime rt) {
      this.rt = rt;
    }

    int port() {
      ClosureLog log = rt.begin(PORT_SITE);
      if (log == null) {
        return Settings.PORT;
      }
      log.receiver(this);
      int result;
      try {
        result = Settings.PORT;
      } catch (RuntimeException | Error e) {
        log.threw(e);
        rt.publish(log);
        throw e;
      }
      log.returnBits(result);
      rt.publish(log);
      return result;
    }
  }

  @Test
  void aStaticInitializerThatFailedOnceIsNotADetection() {
    start(RuntimeConfig.builder());
    Server server = new Server(rt);
    assertThrows(ExceptionInInitializerError.class, server::port);
    assertThrows(NoClassDefFoundError.class, server::port);
    assertTrue(rt.awaitDrained(10_000));
    assertEquals(List.of(), found);
    assertEquals(2, rt.notValidatedCount());
  }

  // ---- the rule itself, on either side ----

  private static final ClosureBinding RETURNS_ONE =
      ClosureBinding.of(
          EnvironmentalErrorsTest.class.getName() + "#one()", "one", (log, r) -> r.returnBits(1));

  private static ClosureLog logOf(ClosureBinding closure, ResultKind kind, long bits, Object ref) {
    return TestValidators.log(closure, new Object[0], new Version[0], kind, bits, ref);
  }

  private static List<Supplier<Throwable>> environmental() {
    return List.of(
        StackOverflowError::new,
        () -> new OutOfMemoryError("Java heap space"),
        () -> new InternalError("jit"),
        () -> new NoClassDefFoundError("Could not initialize"),
        () -> new ExceptionInInitializerError(new IllegalStateException()),
        () -> new IllegalStateException("wrapped", new OutOfMemoryError()));
  }

  @Test
  void anEnvironmentalErrorOnTheValidatorIsNotValidatedNotAMismatch() {
    for (Supplier<Throwable> error : environmental()) {
      ClosureBinding throwing =
          ClosureBinding.of(
              EnvironmentalErrorsTest.class.getName() + "#throwing" + error.get(),
              "throwing",
              (log, r) -> {
                throw error.get();
              });
      ClosureLog log = logOf(throwing, ResultKind.BITS, 1, null);
      NotValidatedException e =
          assertThrows(
              NotValidatedException.class,
              () -> Validator.check(log, new Replay(), new OutputComparator()),
              error.get()::toString);
      assertNotNull(e.getMessage());
    }
  }

  @Test
  void anEnvironmentalErrorOnTheApplicationIsNotValidatedNotAMismatch() {
    for (Supplier<Throwable> error : environmental()) {
      ClosureLog log = logOf(RETURNS_ONE, ResultKind.THROWN, 0, error.get());
      assertThrows(
          NotValidatedException.class,
          () -> Validator.check(log, new Replay(), new OutputComparator()),
          error.get()::toString);
    }
  }

  /**
   * A closure that catches a machine error itself (a recursion that catches {@code
   * StackOverflowError} and answers otherwise, from an outside trial): APP's catch clause tells the
   * log, and the execution is not validated, where VAL on its larger stack computed the other
   * answer and every such execution was a detection.
   */
  @Test
  void aMachineErrorTheClosureCaughtIsNotValidated() {
    for (Supplier<Throwable> error : environmental()) {
      ClosureLog log = logOf(RETURNS_ONE, ResultKind.BITS, 2, null);
      log.caught(new IllegalArgumentException("the program's own"));
      log.caught(error.get());
      assertTrue(log.caughtMachineError(), error.get()::toString);
      assertThrows(
          NotValidatedException.class,
          () -> Validator.check(log, new Replay(), new OutputComparator()),
          error.get()::toString);
    }
    ClosureLog own = logOf(RETURNS_ONE, ResultKind.BITS, 2, null);
    own.caught(new AssertionError("the program's own"));
    assertFalse(own.caughtMachineError());
    assertEquals(
        MismatchKind.RESULT, Validator.check(own, new Replay(), new OutputComparator()).kind());
  }

  /**
   * VAL's catch clauses pass on its own divergence and machine errors, whatever the program
   * catches, and nothing else.
   */
  @Test
  void aValidatorsCatchClausePassesOnDivergenceAndMachineErrors() {
    Replay replay = new Replay();
    Divergence divergence = new Divergence(MismatchKind.LOAD_DIVERGED, "VAL went elsewhere");
    assertSame(divergence, assertThrows(Divergence.class, () -> replay.caught(divergence)));
    for (Supplier<Throwable> error : environmental()) {
      Throwable e = error.get();
      assertSame(e, assertThrows(Throwable.class, () -> replay.caught(e)));
    }
    replay.caught(new IllegalStateException("the program's own"));
    replay.caught(new AssertionError("the program's own"));
  }

  @Test
  void theProgramsOwnErrorsAreStillCompared() {
    ClosureLog log = logOf(RETURNS_ONE, ResultKind.THROWN, 0, new AssertionError("app only"));
    Mismatch m = Validator.check(log, new Replay(), new OutputComparator());
    assertNotNull(m);
    assertEquals(MismatchKind.EXCEPTION, m.kind());
  }
}
