package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure calls an interface of the sources through an implementation the rewriter did not see (a
 * class of another module, of the tests, a lambda; here a proxy) whose answer depends on state of
 * its own that the application changes between calls. Before, VAL ran the implementation again
 * after the change: an outside trial's fee policy gave 16,919 detections in 18,932 validations of a
 * fault-free run. A method that takes and returns values has its result recorded by APP and
 * replayed to VAL (decision 0097); one given an object it may change leaves the execution not
 * validated (decision 0100).
 */
class UnseenImplementationsTest {

  private static final Path SOURCES = Path.of("src/test/resources/unseen-implementations");

  @Test
  void anUnseenImplementationsAnswerIsRecordedWhenItTakesAndReturnsValues(@TempDir Path out)
      throws Exception {
    Builds.instrument(SOURCES, out);
    String generated = Builds.generated(out, "tariff/Tariff.java");
    // Through the bridge that asks whether a proxy or a mock intercepts the object's methods.
    assertTrue(generated.contains("FeePolicy.feeApp$(log, policy, amount)"), generated);
    assertTrue(
        generated.contains("FeePolicy.feeOfVal$(replay, policy, new long[] { amount, amount })"),
        generated);
    // An unseen implementation gets the interface's default variants, which record its answer
    // or, given an array, leave the execution not validated (decision 0100).
    String defaults = Builds.generated(out, "tariff/Rebate.java");
    assertTrue(defaults.contains("return log.recordedRef(rebate(amount));"), defaults);
    assertTrue(defaults.contains("return replay.nondetRef();"), defaults);
    String policies = Builds.generated(out, "tariff/FeePolicy.java");
    assertTrue(
        policies.contains(
            "return log.answerOutOfSight(feeOf(amounts), \"tariff.FeePolicy#feeOf(long[])\","
                + " (Object) amounts);"),
        policies);
    OrthrusRuntime rt = Builds.validationHeldBack();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> policyType = loader.loadClass("tariff.FeePolicy");
      Class<?> accountType = loader.loadClass("tariff.Account");
      Class<?> tariffType = loader.loadClass("tariff.Tariff");
      AtomicLong percent = new AtomicLong(1);
      Object policy =
          Proxy.newProxyInstance(
              loader,
              new Class<?>[] {policyType},
              (proxy, method, args) ->
                  switch (method.getName()) {
                    case "fee" -> (long) args[0] * percent.get() / 100;
                    case "feeOf" -> 3L;
                    default -> throw new UnsupportedOperationException(method.getName());
                  });
      Class<?> rebateType = loader.loadClass("tariff.Rebate");
      Object rebate =
          Proxy.newProxyInstance(
              loader,
              new Class<?>[] {rebateType},
              // The generated default variants run as declared; a proxy intercepts them too.
              (proxy, method, args) ->
                  method.isDefault()
                      ? InvocationHandler.invokeDefault(proxy, method, args)
                      : (long) args[0] * percent.get() / 100);
      Object tariff = tariffType.getConstructor(policyType, rebateType).newInstance(policy, rebate);
      Object account = accountType.getConstructor().newInstance();
      var charge = tariffType.getMethod("charge", accountType, long.class);
      var chargeAll = tariffType.getMethod("chargeAll", accountType, long.class);
      var credit = tariffType.getMethod("credit", accountType, long.class);
      long expected = 1_000_000;
      for (int i = 0; i < 200; i++) {
        percent.set(i % 7);
        expected -= 1_000 + 1_000 * (i % 7) / 100;
        assertEquals(expected, charge.invoke(tariff, account, 1_000L));
        expected -= 3;
        assertEquals(expected, chargeAll.invoke(tariff, account, 5L));
        expected += 1_000 * (i % 7) / 100;
        assertEquals(expected, credit.invoke(tariff, account, 1_000L));
      }
      // Every fee is read again by now: VAL would see 6% for all.
      percent.set(6);
      rt.validators().add();
      // chargeAll's proxy was handed an array, which it may have changed: not validated.
      Builds.assertNotValidated(rt, 600, 200, "tariff.FeePolicy#feeOf(long[])");
    } finally {
      rt.close();
    }
  }

  /**
   * An unseen implementation answering records and enum constants (values no code can change) from
   * a setting it reads: recorded once as values are, so VAL neither sees the newer setting nor runs
   * the implementation, and its calls are counted once (an outside trial: 997 detections, and a
   * hook that counted its calls counted each twice).
   */
  @Test
  void answersOfRecordsAndEnumsAreRecordedToo(@TempDir Path out) throws Exception {
    Builds.instrument(Path.of("src/test/resources/unseen-values"), out);
    OrthrusRuntime rt = Builds.validationHeldBack();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> quoterType = loader.loadClass("quotes.Quoter");
      Class<?> quoteType = loader.loadClass("quotes.Quote");
      Class<?> kindType = loader.loadClass("quotes.Kind");
      Class<?> accountType = loader.loadClass("quotes.Account");
      Class<?> deskType = loader.loadClass("quotes.Desk");
      Object low = kindType.getEnumConstants()[0];
      Object high = kindType.getEnumConstants()[1];
      AtomicLong percent = new AtomicLong();
      AtomicLong calls = new AtomicLong();
      var makeQuote = quoteType.getConstructor(long.class, String.class, kindType);
      Object quoter =
          Proxy.newProxyInstance(
              loader,
              new Class<?>[] {quoterType},
              (proxy, method, args) -> {
                calls.incrementAndGet();
                long amount = (long) args[0];
                long p = percent.get();
                return method.getName().equals("quote")
                    ? makeQuote.newInstance(amount * p / 100, "p" + p, p > 3 ? high : low)
                    : p % 2 == 0 ? high : low;
              });
      Object desk = deskType.getConstructor(quoterType).newInstance(quoter);
      Object account = accountType.getConstructor().newInstance();
      var book = deskType.getMethod("book", accountType, long.class);
      long expected = 1_000_000;
      for (int i = 0; i < 300; i++) {
        long p = i % 7;
        percent.set(p);
        expected -= 1_000 + 1_000 * p / 100 + ("p" + p).length() + (p % 2 == 0 || p > 3 ? 1 : 0);
        assertEquals(expected, book.invoke(desk, account, 1_000L));
      }
      percent.set(5);
      rt.validators().add();
      Builds.assertAllValidated(rt, 300);
      assertEquals(600, calls.get(), "VAL did not call the implementation");
    } finally {
      rt.close();
    }
  }
}
