package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.runtime.api.Checksum;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.api.Overrides;
import dev.orthrus.runtime.api.RuntimeStarter;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedObject;
import dev.orthrus.runtime.sample.FixedSampling;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process-wide runtime started at the first {@code Orthrus.runtime()} (decision 0026). Each
 * test loads the runtime's classes afresh in a class loader of its own, so that every test sees a
 * process in which no closure ran yet; system properties are the JVM's, set and cleared here.
 */
class AutoStartTest {

  private final List<String> propertiesSet = new ArrayList<>();
  private final List<AutoCloseable> started = new ArrayList<>();

  @AfterEach
  void cleanUp() throws Exception {
    for (AutoCloseable rt : started) {
      rt.close();
    }
    propertiesSet.forEach(System::clearProperty);
  }

  private void property(String name, String value) {
    System.setProperty(name, value);
    propertiesSet.add(name);
  }

  /** {@code Orthrus} of a fresh copy of the runtime: no runtime installed or started yet. */
  private static final class FreshOrthrus {
    private final Class<?> orthrus;
    private final ClassLoader loader;

    FreshOrthrus() throws Exception {
      this(new URL[0]);
    }

    /** {@code first}: searched before the runtime, for a starter of a test's own. */
    FreshOrthrus(URL... first) throws Exception {
      List<URL> urls = new ArrayList<>(List.of(first));
      urls.addAll(
          List.of(
              location(Orthrus.class),
              location(ClosureDescriptor.class),
              location(Histogram.class)));
      ClassLoader loader =
          new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
      this.loader = loader;
      orthrus = Class.forName(Orthrus.class.getName(), true, loader);
      assertNotSame(Orthrus.class, orthrus);
    }

    ClassLoader loader() {
      return loader;
    }

    private static URL location(Class<?> c) {
      return c.getProtectionDomain().getCodeSource().getLocation();
    }

    Object runtime() throws Exception {
      return call("runtime", new Class<?>[0]);
    }

    Object validationOff() throws Exception {
      return call("validationOff", new Class<?>[0]);
    }

    void install(Object rt) throws Exception {
      call("install", new Class<?>[] {rt.getClass().getSuperclass()}, rt);
    }

    private Object call(String name, Class<?>[] types, Object... args) throws Exception {
      Method m = orthrus.getMethod(name, types);
      try {
        return m.invoke(null, args);
      } catch (InvocationTargetException e) {
        if (e.getCause() instanceof Exception) {
          throw (Exception) e.getCause();
        }
        throw e;
      }
    }
  }

  private static Set<Thread> validatorThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("orthrus-validator-"))
        .collect(Collectors.toSet());
  }

  @Test
  void manyThreadsCallingTheirFirstClosureAtOnceStartOneRuntime() throws Exception {
    property("orthrus.validators", "1");
    FreshOrthrus fresh = new FreshOrthrus();
    Set<Thread> before = validatorThreads();
    int threads = 16;
    CyclicBarrier together = new CyclicBarrier(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<Object>> calls = new ArrayList<>();
    try {
      for (int i = 0; i < threads; i++) {
        calls.add(
            pool.submit(
                () -> {
                  together.await();
                  return fresh.runtime();
                }));
      }
      Map<Object, Boolean> distinct = new IdentityHashMap<>();
      for (Future<Object> call : calls) {
        Object rt = call.get(30, TimeUnit.SECONDS);
        // What threads that came while another started it ran with (decision 0090).
        if (!rt.getClass().getSimpleName().equals("StartingRuntime")) {
          distinct.put(rt, true);
        }
      }
      assertEquals(1, distinct.size(), () -> "runtimes started: " + distinct.keySet());
      Object rt = distinct.keySet().iterator().next();
      started.add((AutoCloseable) rt);
      assertEquals(OrthrusRuntime.class.getName(), rt.getClass().getName());
      Set<Thread> now = validatorThreads();
      now.removeAll(before);
      assertEquals(1, now.size(), () -> "validators started: " + now);
      assertTrue(now.iterator().next().isDaemon(), "a validator keeps the JVM alive");
      assertSame(rt, fresh.runtime());
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * At the default settings, a thread whose first closure call comes while another thread starts
   * the runtime does not wait for it (decision 0090): it gets a runtime that logs nothing but
   * strict closures. The start is held open by a starter of this test's own.
   */
  @Test
  void threadsArrivingWhileTheRuntimeStartsAtTheDefaultsGoOnWithoutWaiting() throws Exception {
    FreshOrthrus fresh = gatedStart();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Object> first = pool.submit(fresh::runtime);
      GatedStarter.awaitStarting();
      Object meanwhile = pool.submit(fresh::runtime).get(10, TimeUnit.SECONDS);
      assertEquals("StartingRuntime", meanwhile.getClass().getSimpleName());
      assertSame(meanwhile, fresh.runtime());
      assertFalse(first.isDone());
      property(GatedStarter.GATE, "open");
      Object rt = first.get(30, TimeUnit.SECONDS);
      assertEquals("ValidationOff", rt.getClass().getSimpleName());
      assertSame(rt, fresh.runtime());
      assertEquals(1, GatedStarter.starts(fresh), "starts");
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * With the sampling (or the mode) set, a thread that arrives while the runtime starts waits for
   * it, parked rather than blocked on a monitor: tens of thousands of virtual threads blocked on
   * one monitor were woken one at a time, which took seconds (decision 0090).
   */
  @Test
  void threadsArrivingWhileTheRuntimeStartsWithSettingsWaitParked() throws Exception {
    property("orthrus.sampling", "all");
    FreshOrthrus fresh = gatedStart();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      Future<Object> first = pool.submit(fresh::runtime);
      GatedStarter.awaitStarting();
      List<Thread> waiters = new ArrayList<>();
      List<Future<Object>> later = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        later.add(
            pool.submit(
                () -> {
                  synchronized (waiters) {
                    waiters.add(Thread.currentThread());
                  }
                  return fresh.runtime();
                }));
      }
      // Blocked on a monitor, they would stay BLOCKED until the start ends.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!allParked(waiters)) {
        assertTrue(
            System.nanoTime() < deadline,
            () -> "not parked while the runtime starts: " + states(waiters));
        Thread.onSpinWait();
      }
      property(GatedStarter.GATE, "open");
      Object rt = first.get(30, TimeUnit.SECONDS);
      assertEquals("ValidationOff", rt.getClass().getSimpleName());
      for (Future<Object> call : later) {
        assertSame(rt, call.get(30, TimeUnit.SECONDS));
      }
      assertEquals(1, GatedStarter.starts(fresh), "starts");
    } finally {
      pool.shutdownNow();
    }
  }

  /** A fresh runtime whose start, by {@link GatedStarter}, is held until the gate opens. */
  private FreshOrthrus gatedStart() throws Exception {
    Path services = Files.createTempDirectory("gated-starter");
    Path file = services.resolve("META-INF/services/" + RuntimeStarter.class.getName());
    Files.createDirectories(file.getParent());
    Files.writeString(file, GatedStarter.class.getName() + "\n");
    property(GatedStarter.GATE, "closed");
    return new FreshOrthrus(services.toUri().toURL(), FreshOrthrus.location(GatedStarter.class));
  }

  private static List<Thread> snapshot(List<Thread> threads) {
    synchronized (threads) {
      return new ArrayList<>(threads);
    }
  }

  private static boolean allParked(List<Thread> threads) {
    List<Thread> now = snapshot(threads);
    return now.size() == 3 && now.stream().allMatch(t -> t.getState() == Thread.State.WAITING);
  }

  private static String states(List<Thread> threads) {
    return snapshot(threads).stream()
        .map(t -> t.getName() + " " + t.getState())
        .collect(Collectors.joining(", "));
  }

  /**
   * Starts validation off once {@link #GATE} is "open", after setting it to "starting"; loaded in
   * the fresh class loader, so it talks to the test through a system property.
   */
  public static final class GatedStarter implements RuntimeStarter {
    static final String GATE = "autostarttest.gate";
    public static final AtomicInteger STARTS = new AtomicInteger();

    @Override
    public ClosureRuntime start() {
      STARTS.incrementAndGet();
      System.setProperty(GATE, "starting");
      while (!System.getProperty(GATE).equals("open")) {
        LockSupport.parkNanos(100_000);
      }
      return Orthrus.validationOff();
    }

    static void awaitStarting() {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (System.getProperty(GATE).equals("closed")) {
        assertTrue(System.nanoTime() < deadline, "the start never began");
        Thread.onSpinWait();
      }
    }

    /** How often the copy of this class that {@code fresh} loaded started a runtime. */
    static int starts(FreshOrthrus fresh) throws Exception {
      Class<?> copy = Class.forName(GatedStarter.class.getName(), true, fresh.loader());
      assertNotSame(GatedStarter.class, copy);
      return ((AtomicInteger) copy.getDeclaredField("STARTS").get(null)).get();
    }
  }

  /**
   * A program whose every closure call runs an override that is not a closure never asks for the
   * runtime through a dispatcher; routing the call starts it, so that the exit summary (which
   * counts such calls) is printed (outside trial 8: nothing was).
   */
  @Test
  void aCallRoutedToAnOverrideStartsTheRuntime() throws Exception {
    property("orthrus.validators", "1");
    FreshOrthrus fresh = new FreshOrthrus();
    Set<Thread> before = validatorThreads();
    Class<?> overrides =
        Class.forName(Overrides.class.getName(), true, fresh.orthrus.getClassLoader());
    Object receiver = new Object();
    assertEquals(true, overrides.getMethod("enter", Object.class).invoke(null, receiver));
    overrides.getMethod("exit", Object.class).invoke(null, receiver);
    Set<Thread> now = validatorThreads();
    now.removeAll(before);
    started.add((AutoCloseable) fresh.runtime());
    assertEquals(1, now.size(), () -> "validators started: " + now);
  }

  @Test
  void modeOffStartsNoThreadAndValidatesNothing() throws Exception {
    property("orthrus.mode", "off");
    FreshOrthrus fresh = new FreshOrthrus();
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    Object rt = fresh.runtime();
    assertSame(fresh.validationOff(), rt);
    Set<Thread> now = Thread.getAllStackTraces().keySet();
    now.removeAll(before);
    assertTrue(
        now.stream().noneMatch(t -> t.getName().startsWith("orthrus")),
        () -> "threads started: " + now);
  }

  @Test
  void aRuntimeInstalledBeforeTheFirstClosureCallWins() throws Exception {
    property("orthrus.mode", "strict"); // would start validators if it were read
    FreshOrthrus fresh = new FreshOrthrus();
    Set<Thread> before = validatorThreads();
    Object off = fresh.validationOff();
    fresh.install(off);
    assertSame(off, fresh.runtime());
    assertEquals(before, validatorThreads());
  }

  @Test
  void installingAfterTheRuntimeStartedFromPropertiesIsRefused() throws Exception {
    FreshOrthrus fresh = new FreshOrthrus();
    Object rt = fresh.runtime();
    started.add((AutoCloseable) rt);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> fresh.install(fresh.validationOff()));
    assertTrue(e.getMessage().contains("install a runtime before any closure runs"), e::toString);
    assertTrue(e.getCause().getMessage().contains(Thread.currentThread().getName()), e::toString);
    assertSame(rt, fresh.runtime());
  }

  @Test
  void aBadPropertyFailsEveryFirstUseUntilItIsFixed() throws Exception {
    property("orthrus.policy", "panic");
    FreshOrthrus fresh = new FreshOrthrus();
    Set<Thread> before = validatorThreads();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream stderr = System.err;
    System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      for (int i = 0; i < 2; i++) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, fresh::runtime);
        assertTrue(e.getMessage().contains("-Dorthrus.policy=panic"), e::getMessage);
        assertTrue(e.getMessage().contains("report, fail-stop"), e::getMessage);
      }
    } finally {
      System.setErr(stderr);
    }
    // Said once on stderr too: a program may catch the exception for its own reasons.
    String said = err.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(1, said.split("-Dorthrus.policy=panic", -1).length - 1, said);
    assertEquals(before, validatorThreads());
    property("orthrus.policy", "report");
    Object rt = fresh.runtime();
    started.add((AutoCloseable) rt);
    assertEquals(OrthrusRuntime.class.getName(), rt.getClass().getName());
  }

  @Test
  void sampleAllValidatesEveryExecutionAndStrictModeMakesEveryClosureStrict() throws Exception {
    property("orthrus.sampling", "all");
    property("orthrus.mode", "strict");
    try (OrthrusRuntime rt = (OrthrusRuntime) new AutoStart().start()) {
      assertEquals("fixed", rt.sampling().name());
      assertEquals(1.0, rt.sampling().rate());
      assertTrue(rt.config().strictAll);
    }
  }

  /**
   * A program whose first closure call runs in its own shutdown hook: the JVM refuses the runtime's
   * hook then, which must not fail the program's (trial 4).
   */
  @Test
  void aFirstClosureCallDuringShutdownStartsTheRuntimeWithoutItsHook() {
    List<Thread> offered = new ArrayList<>();
    try (OrthrusRuntime rt =
        (OrthrusRuntime)
            AutoStart.start(
                hook -> {
                  offered.add(hook);
                  throw new IllegalStateException("Shutdown in progress");
                })) {
      assertEquals(1, offered.size());
      assertTrue(rt.validators().running());
    }
  }

  /**
   * The exit drain waits on while validators make progress (executions that take long to validate
   * at 100% sampling: trial 4 left 691 unvalidated after a fixed 2 s), up to its maximum, and stops
   * after one period when they make none.
   */
  @Test
  void theExitDrainWaitsWhileValidatorsMakeProgressAndNoLonger() {
    ClosureBinding slow =
        ClosureBinding.of(
            AutoStartTest.class.getName() + "#slow()",
            "slow",
            (log, r) -> {
              LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
              r.returnVoid();
            });
    RuntimeConfig.Builder config =
        RuntimeConfig.builder().sampling(() -> new FixedSampling(1.0)).err(null);
    try (OrthrusRuntime rt = OrthrusRuntime.start(config.validators(1).build())) {
      rt.blockWhenFull(true);
      publish(rt, slow, 20);
      // 20 executions of 20 ms: 400 ms, four 100 ms periods with progress in each.
      assertTrue(AutoStart.drain(rt, 100, 5_000), "validators were still working");
      assertEquals(20, rt.validatedCount());
      publish(rt, slow, 20);
      assertFalse(AutoStart.drain(rt, 100, 150), "the maximum bounds the wait");
    }
    try (OrthrusRuntime rt = OrthrusRuntime.start(config.validators(0).build())) {
      publish(rt, slow, 2);
      long start = System.nanoTime();
      assertFalse(AutoStart.drain(rt, 100, 5_000));
      assertTrue(
          System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(1_000),
          "waited on without progress");
    }
  }

  private static void publish(OrthrusRuntime rt, ClosureBinding closure, int n) {
    for (int i = 0; i < n; i++) {
      ClosureLog log = rt.begin(closure, i);
      log.returnVoid();
      rt.publish(log);
    }
  }

  @Test
  void atExitPrintsASummaryOnlyWhenAskedOrWhenSomethingWasDetected() {
    OrthrusRuntime rt =
        OrthrusRuntime.start(RuntimeConfig.builder().validators(1).err(null).build());
    ByteArrayOutputStream quiet = new ByteArrayOutputStream();
    AutoStart.atExit(rt, false, null, false, new PrintStream(quiet, true, StandardCharsets.UTF_8));
    assertEquals("", quiet.toString(StandardCharsets.UTF_8));
    assertFalse(rt.validators().running(), "validators still running after the hook");

    ByteArrayOutputStream asked = new ByteArrayOutputStream();
    AutoStart.atExit(rt, true, null, false, new PrintStream(asked, true, StandardCharsets.UTF_8));
    assertEquals(
        "orthrus: 0 executions validated, 0 not validated, 0 detections",
        asked.toString(StandardCharsets.UTF_8).strip());
  }

  /**
   * With {@code orthrus.summaryFolder}, the exit summary is also written into a file that a tool
   * reads after the process ended (surefire shows nothing a test JVM prints after its last test):
   * the counts and the printed line, for every run, whether or not the line was printed.
   */
  @Test
  void atExitWritesTheSummaryForAToolThatCannotSeeTheOutput(@TempDir Path folder) throws Exception {
    ClosureBinding two =
        ClosureBinding.of(
            AutoStartTest.class.getName() + "#two()", "two", (log, r) -> r.returnBits(2));
    OrthrusRuntime rt =
        OrthrusRuntime.start(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(1)
                .reproducerDir(null)
                .err(null)
                .build());
    rt.blockWhenFull(true);
    for (int i = 0; i < 10; i++) {
      ClosureLog log = rt.begin(two, i);
      // One execution returns what a faulty core would: 3 where the validator computes 2.
      log.returnBits(i == 7 ? 3 : 2);
      rt.publish(log);
    }
    Path runs = folder.resolve("test-runs");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    AutoStart.atExit(rt, false, runs, true, new PrintStream(err, true, StandardCharsets.UTF_8));
    String printed = err.toString(StandardCharsets.UTF_8).strip();
    Path file = runs.resolve("summary-" + ProcessHandle.current().pid() + ".properties");
    Properties summary = new Properties();
    try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      summary.load(in);
    }
    assertEquals("1", summary.getProperty("detections"));
    assertEquals(Long.toString(rt.validatedCount()), summary.getProperty("validated"));
    assertEquals("0", summary.getProperty("reproducersWritten"));
    assertEquals("true", summary.getProperty("everyExecution"));
    assertTrue(
        summary.getProperty("detection.1").startsWith("orthrus: SDC detected in closure two "),
        summary.toString());
    assertNull(summary.getProperty("detection.2"));
    assertEquals(printed, summary.getProperty("summary"));
    assertTrue(printed.contains("1 detection"), printed);
    try (var left = Files.list(runs)) {
      assertEquals(List.of(file), left.toList(), "a partial file was left behind");
    }

    OrthrusRuntime quiet =
        OrthrusRuntime.start(RuntimeConfig.builder().validators(1).err(null).build());
    Path unwritable = Files.writeString(folder.resolve("a-file"), "");
    ByteArrayOutputStream failed = new ByteArrayOutputStream();
    AutoStart.atExit(
        quiet, false, unwritable, false, new PrintStream(failed, true, StandardCharsets.UTF_8));
    assertTrue(
        failed
            .toString(StandardCharsets.UTF_8)
            .startsWith("orthrus: could not write the exit summary to "),
        failed.toString(StandardCharsets.UTF_8));
  }

  /**
   * An execution that made more loads and stores than a log holds is named once on stderr and
   * counted apart from executions skipped for want of a free log: the summary does not blame the
   * validators for it (trial 7).
   */
  /** The summary names the closures whose executions were not validated, and why. */
  @Test
  void executionsNotValidatedAreNamedByClosureWithTheirReason() {
    ClosureBinding deep =
        ClosureBinding.of(
            AutoStartTest.class.getName() + "#deep()",
            "deep",
            (log, r) -> {
              throw new StackOverflowError();
            });
    RuntimeConfig config =
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(1.0))
            .validators(1)
            .err(null)
            .build();
    try (OrthrusRuntime rt = OrthrusRuntime.start(config)) {
      assertNull(AutoStart.notValidatedLine(rt), "nothing to name yet");
      for (int e = 0; e < 3; e++) {
        ClosureLog log = rt.begin(deep, 0);
        log.returnVoid();
        rt.publish(log);
      }
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(3, rt.notValidatedCount());
      String line = AutoStart.notValidatedLine(rt);
      assertTrue(line.startsWith("orthrus: not validated: deep 3 (VAL threw"), line);
      assertTrue(line.contains("StackOverflowError"), line);
    }
  }

  @Test
  void anExecutionTooLargeToLogIsNamedAndCountedApart() {
    ClosureBinding batch =
        ClosureBinding.of(AutoStartTest.class.getName() + "#batch()", "batch", (log, r) -> {});
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    RuntimeConfig config =
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(1.0))
            .validators(1)
            .err(new PrintStream(err, true, StandardCharsets.UTF_8))
            .build();
    try (OrthrusRuntime rt = OrthrusRuntime.start(config)) {
      Cell cell = new Cell();
      for (int e = 0; e < 2; e++) {
        ClosureLog log = rt.begin(batch, 0);
        for (int i = 0; i <= ClosureLog.MAX_ENTRIES; i++) {
          log.load(cell);
        }
        log.returnVoid();
        rt.publish(log);
      }
      assertEquals(2, rt.tooLargeCount());
      assertEquals(2, rt.skippedCount());
      String summary = AutoStart.summaryLine(rt, 0, 0);
      assertTrue(summary.contains("2 sampled executions too large to log"), summary);
      assertFalse(summary.contains("validators behind"), summary);
      String printed = err.toString(StandardCharsets.UTF_8);
      assertTrue(printed.contains("an execution of batch made more than"), printed);
      assertEquals(1, printed.lines().filter(l -> l.contains("too large to log")).count(), printed);
      // A strict caller waits for a verdict that cannot come: it is told so.
      rt.strictAll(true);
      ClosureLog strict = rt.begin(batch, 0);
      for (int i = 0; i <= ClosureLog.MAX_ENTRIES; i++) {
        strict.load(cell);
      }
      strict.returnVoid();
      assertThrows(IllegalStateException.class, () -> rt.publish(strict));
      assertEquals(3, rt.tooLargeCount());
    }
  }

  /**
   * Executions skipped because the thread's pending logs are over its share of the memory budget
   * are counted apart: the summary names the budget, not the validators.
   */
  @Test
  void executionsOverTheMemoryBudgetAreCountedApart() {
    ClosureBinding touch =
        ClosureBinding.of(AutoStartTest.class.getName() + "#touch()", "touch", (log, r) -> {});
    RuntimeConfig config =
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(1.0))
            .validators(0)
            .memoryBudgetBytes(1)
            .err(null)
            .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      Cell cell = new Cell();
      for (int e = 0; e < 3; e++) {
        ClosureLog log = rt.begin(touch, 0);
        if (log != null) {
          log.load(cell);
          log.returnVoid();
          rt.publish(log);
        }
      }
      assertEquals(2, rt.skippedForMemory());
      String summary = AutoStart.summaryLine(rt, 0, 0);
      assertTrue(summary.contains("2 sampled executions not logged (pending logs over"), summary);
      assertFalse(summary.contains("validators behind"), summary);
    }
  }

  /**
   * The summary names the reproducer folder only when a file was written there: a control-path
   * check's detection, or one whose file could not be written, leaves none.
   */
  @Test
  void theSummaryNamesTheReproducerFolderOnlyWhenItHoldsAFile() throws Exception {
    java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("orthrus-repro");
    RuntimeConfig config =
        RuntimeConfig.builder().validators(0).reproducerDir(dir).err(null).build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      String summary = AutoStart.summaryLine(rt, 1, 0);
      assertTrue(summary.contains("1 detection (no reproducer written)"), summary);
      assertFalse(summary.contains("reproducers in"), summary);
      assertFalse(AutoStart.summaryLine(rt, 0, 0).contains("reproducer"), summary);
    } finally {
      java.nio.file.Files.deleteIfExists(dir);
    }
  }

  /** A user-data object with one version, for loads. */
  private static final class Cell extends VersionedObject<Cell.V> {
    Cell() {
      soVersion(new V(this));
    }

    static final class V extends Version {
      V(Cell owner) {
        super(owner);
        seal(Checksum.SEED);
      }

      @Override
      public void fields(FieldSink sink) {}
    }
  }

  @Test
  void theRuntimeIsFoundThroughItsServiceFile() throws Exception {
    assertInstanceOf(AutoStart.class, loadStarter());
  }

  private static Object loadStarter() {
    return java.util.ServiceLoader.load(dev.orthrus.runtime.api.RuntimeStarter.class)
        .findFirst()
        .orElseThrow();
  }
}
