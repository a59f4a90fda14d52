package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.KvMap;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Arguments and results belong to the caller, which may change them as soon as the call returned: a
 * server refills one request buffer for every call and reuses the arrays it gets back. None of that
 * may look like a corruption. Every test runs its calls before any validator starts, so each log is
 * validated after the caller changed what it handed over.
 */
class CallerOwnedValuesTest {

  private static final int CALLS = 200;

  private final List<Detection> found = new CopyOnWriteArrayList<>();
  private OrthrusRuntime rt;

  @BeforeEach
  void setUp() {
    rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(0)
                .logsPerThread(1024)
                .policy(DetectionPolicy.CALLBACK)
                .callback(found::add)
                .err(null)
                .build());
  }

  @AfterEach
  void tearDown() {
    rt.close();
  }

  private void validateEverything() {
    assertTrue(rt.validators().add());
    assertTrue(rt.awaitDrained(10_000));
  }

  @Test
  void aRequestBufferRefilledForEveryCallIsValidatedAsItWasAtTheCall() {
    KvMap map = new KvMap(rt, 64);
    byte[] buffer = new byte[32];
    for (int i = 0; i < CALLS; i++) {
      Arrays.fill(buffer, (byte) i);
      map.set("key-" + (i % 10), buffer, i);
    }
    validateEverything();
    assertEquals(List.of(), found);
    assertEquals(CALLS, rt.validatedCount());
    assertEquals(0, rt.notValidatedCount());
  }

  @Test
  void aResultTheCallerReusesIsValidatedAsItWasReturned() {
    KvMap map = new KvMap(rt, 64);
    map.set("k", "the stored value".getBytes(StandardCharsets.UTF_8), 0);
    for (int i = 0; i < CALLS; i++) {
      byte[] value = map.get("k");
      Arrays.fill(value, (byte) 0); // the caller encodes its response into it, say
    }
    validateEverything();
    assertEquals(List.of(), found);
    assertEquals(CALLS + 1, rt.validatedCount());
    assertArrayEquals("the stored value".getBytes(StandardCharsets.UTF_8), map.get("k"));
  }

  @Test
  void aRecordWhoseArrayTheCallerRefillsIsNeverADetection() {
    Ledger ledger = new Ledger(rt);
    long[] amounts = new long[4];
    Ledger.Posting posting = new Ledger.Posting("acct", amounts);
    for (int i = 0; i < CALLS; i++) {
      Arrays.fill(amounts, i);
      ledger.post(posting);
    }
    validateEverything();
    assertEquals(List.of(), found);
    // What the caller changed cannot be re-executed as it was: not validated, and said so. The
    // last call's posting was left as it was.
    assertEquals(CALLS - 1, rt.notValidatedCount());
    assertEquals(1, rt.validatedCount());
    // Named by closure, with the reason, for the summary at exit.
    List<OrthrusRuntime.NotValidated> byClosure = rt.notValidatedByClosure();
    assertEquals(1, byClosure.size(), byClosure::toString);
    assertEquals(CALLS - 1, byClosure.get(0).count().sum());
    assertTrue(byClosure.get(0).firstReason().contains("caller changed"), byClosure::toString);
  }

  @Test
  void aListTheCallerRefillsIsNeverADetection() {
    Ledger ledger = new Ledger(rt);
    List<Long> amounts = new ArrayList<>();
    for (int i = 0; i < CALLS; i++) {
      amounts.clear();
      amounts.add((long) i);
      amounts.add(2L * i);
      ledger.postAll(amounts);
    }
    validateEverything();
    assertEquals(List.of(), found);
    assertEquals(CALLS - 1, rt.notValidatedCount());
    assertEquals(1, rt.validatedCount());
  }

  @Test
  void anArgumentPassedTwiceIsStillOneArrayForTheValidator() {
    Ledger ledger = new Ledger(rt);
    byte[] a = new byte[8];
    assertTrue(ledger.sameBuffer(a, a));
    assertFalse(ledger.sameBuffer(a, new byte[8]));
    validateEverything();
    assertEquals(List.of(), found);
    assertEquals(2, rt.validatedCount());
  }
}
