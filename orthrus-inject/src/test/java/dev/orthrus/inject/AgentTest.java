package dev.orthrus.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.inject.fault.FaultType;
import dev.orthrus.inject.fault.Faults;
import dev.orthrus.inject.site.Site;
import dev.orthrus.inject.site.SiteCatalog;
import dev.orthrus.inject.site.Unit;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentTest {

  @TempDir Path dir;
  private SiteCatalog catalog;
  private final List<String> records = new ArrayList<>();

  @BeforeEach
  void listSites() throws Exception {
    catalog = SiteCatalog.scan(AgentFixture.build(dir));
  }

  @AfterEach
  void disarm() {
    Faults.reset();
  }

  @Test
  void closureVariantsAndWhatTheyReachAreTheDataPathTheRestIsControl() {
    assertEquals("data", site("totalPlain", "lmul").path());
    assertEquals("data", site("totalApp", "lmul").path());
    assertEquals("data", site("scale", "ladd").path());
    assertEquals("control", site("report", "iadd").path());
    assertEquals(Unit.INT, site("scale", "ladd").shape().unit());
    assertEquals(64, site("scale", "ladd").shape().width());
  }

  @Test
  void aSingleFaultCorruptsExactlyTheChosenExecutionByOneBit() throws Exception {
    Site lmul = site("totalPlain", "lmul");
    arm(lmul, FaultType.BITFLIP1, 2, 0);
    Method total = armedClass(lmul).getMethod("totalPlain", long.class, long.class);

    long first = (long) total.invoke(null, 1L, 3L);
    long second = (long) total.invoke(null, 1L, 3L);
    long third = (long) total.invoke(null, 1L, 3L);

    assertEquals(303, first);
    assertEquals(1, Long.bitCount(second ^ 303), "one bit flipped: " + second);
    assertEquals(303, third);
    assertEquals(1, records.size(), records.toString());
    assertTrue(records.get(0).startsWith("fired n=2 original=12f"), records.toString());
  }

  @Test
  void aValidatorThreadIsNeverFaultedNorCounted() throws Exception {
    Site lmul = site("totalPlain", "lmul");
    arm(lmul, FaultType.BITFLIP3, 1, 0);
    Method total = armedClass(lmul).getMethod("totalPlain", long.class, long.class);
    Object onValidator = onThread("orthrus-validator-0", total, 1L, 3L);

    assertEquals(303L, onValidator);
    assertEquals(0, Faults.armedCounts()[0], "the validator's execution is not counted");
    assertNotEquals(303L, (long) total.invoke(null, 1L, 3L), "the application thread's first is");
  }

  @Test
  void aNoOpPassesTheFirstOperandThrough() throws Exception {
    Site ladd = site("scale", "ladd");
    arm(ladd, FaultType.NOOP, 1, 0);
    Method scale = armedClass(ladd).getDeclaredMethod("scale", long.class);
    scale.setAccessible(true);

    assertEquals(7L, scale.invoke(null, 7L));
    assertEquals(107L, scale.invoke(null, 7L));
  }

  @Test
  void aPersistentDefectCorruptsEveryNthExecution() throws Exception {
    Site ladd = site("scale", "ladd");
    arm(ladd, FaultType.STUCK1, 0, 3);
    Method scale = armedClass(ladd).getDeclaredMethod("scale", long.class);
    scale.setAccessible(true);
    int corrupted = 0;
    for (int i = 0; i < 9; i++) {
      // 0 + 100 has bits 2, 5, 6 set: a stuck-at-1 elsewhere changes it.
      if ((long) scale.invoke(null, 0L) != 100) {
        corrupted++;
      }
    }
    assertEquals(9, Faults.armedCounts()[0]);
    assertEquals(3, Faults.armedCounts()[1], "executions 3, 6 and 9 fired");
    assertTrue(corrupted <= 3, "only fired executions differ: " + corrupted);
  }

  @Test
  void aPersistentDefectWithAnOnsetCorruptsFromThatExecutionOn() throws Exception {
    assertEquals(
        5,
        AgentOptions.parse(
                "mode=persistent,classes=c,out=o,type=bitflip1,every=3,occurrence=5,site=1")
            .occurrence());
    assertEquals(
        3,
        AgentOptions.parse("mode=persistent,classes=c,out=o,type=bitflip1,every=3,site=1")
            .occurrence());
    Site ladd = site("scale", "ladd");
    arm(ladd, FaultType.BITFLIP1, 5, 3);
    Method scale = armedClass(ladd).getDeclaredMethod("scale", long.class);
    scale.setAccessible(true);
    List<Integer> corrupted = new ArrayList<>();
    for (int i = 1; i <= 12; i++) {
      if ((long) scale.invoke(null, 0L) != 100) {
        corrupted.add(i);
      }
    }
    assertEquals(List.of(5, 8, 11), corrupted);
    assertEquals(3, Faults.armedCounts()[1]);
  }

  @Test
  void sitesArmedTogetherCountTheirExecutionsTogether() throws Exception {
    // One instruction in a closure's plain and APP variants: a defective unit gets both wrong.
    Site plain = site("totalPlain", "lmul");
    Site app = site("totalApp", "lmul");
    AgentOptions options =
        AgentOptions.parse(
            "mode=persistent,classes=c,out=o,type=bitflip1,every=2,site="
                + plain.id()
                + "+"
                + app.id());
    assertEquals(List.of(plain.id(), app.id()), options.sites());
    assertEquals(null, options.trigger());
    assertEquals(
        Path.of("armed"),
        AgentOptions.parse(
                "mode=persistent,classes=c,out=o,type=bitflip1,every=2,site=1,trigger=armed")
            .trigger());
    arm(plain, FaultType.BITFLIP1, 0, 2);
    Class<?> armed =
        AgentFixture.load(
            SiteInstrumenter.instrument(AgentFixture.classBytes(dir), List.of(plain, app), true));
    Method totalPlain = armed.getMethod("totalPlain", long.class, long.class);
    Method totalApp = armed.getMethod("totalApp", Object.class, long.class, long.class);

    assertEquals(303L, totalPlain.invoke(null, 1L, 3L));
    assertNotEquals(303L, totalApp.invoke(null, null, 1L, 3L), "execution 2 of the pair");
    assertEquals(303L, totalPlain.invoke(null, 1L, 3L));
    assertNotEquals(303L, totalApp.invoke(null, null, 1L, 3L), "execution 4");
    assertEquals(4, Faults.armedCounts()[0]);
    assertEquals(2, Faults.armedCounts()[1]);
  }

  @Test
  void theProfileCountsApplicationThreadsOnly() throws Exception {
    Site iadd = site("report", "iadd");
    Faults.startProfile(catalog.sites().size(), null);
    Class<?> profiled =
        AgentFixture.load(
            SiteInstrumenter.instrument(
                AgentFixture.classBytes(dir), catalog.sitesOf(AgentFixture.OWNER), false));
    Method report = profiled.getMethod("report", int.class);

    assertEquals("lines=2", report.invoke(null, 1));
    report.invoke(null, 1);
    onThread("orthrus-validator-1", report, 1);

    assertEquals(2, Faults.profileCount(iadd.id()));
    assertEquals(0, Faults.profileCount(site("totalPlain", "lmul").id()));
  }

  @Test
  void onlyFaultsThatMeanSomethingAreOffered() {
    assertTrue(site("scale", "ladd").shape().faults().contains(FaultType.NOOP));
    assertFalse(
        catalog.sites().stream().anyMatch(s -> s.method().contains("Val")),
        "no VAL variant holds a site");
  }

  /** What {@code method} returns when a thread named {@code name} invokes it. */
  private static Object onThread(String name, Method method, Object... args) throws Exception {
    AtomicReference<Object> result = new AtomicReference<>();
    Thread thread =
        new Thread(
            () -> {
              try {
                result.set(method.invoke(null, args));
              } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
              }
            },
            name);
    thread.start();
    thread.join();
    return result.get();
  }

  private Site site(String method, String instruction) {
    return catalog.sitesOf(AgentFixture.OWNER).stream()
        .filter(s -> s.method().equals(method) && s.instruction().equals(instruction))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + instruction + " in " + method));
  }

  private void arm(Site site, FaultType type, long occurrence, long every) {
    Faults.arm(
        new Faults.Plan(type, occurrence, every, site.shape().width(), false, 7, records::add),
        null);
  }

  private Class<?> armedClass(Site site) throws Exception {
    return AgentFixture.load(
        SiteInstrumenter.instrument(AgentFixture.classBytes(dir), List.of(site), true));
  }
}
