package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure calls a concrete method that reads no user data ({@code pricing.fee(amount)}), and the
 * object is of a subclass the rewriter never saw (the tests', another module's) whose override
 * reads a setting the application changes between calls. Before, APP and VAL both ran the override,
 * VAL after the change: a detection on a fault-free run. Such a method now has variants that check
 * the object's class: an override out of sight answers once, APP records it and VAL replays it
 * (decision 0098); the class the rewriter saw still runs its body in both.
 */
class UnseenOverridesTest {

  private static final Path SOURCES = Path.of("src/test/resources/unseen-overrides");

  private static final String SURCHARGE =
      """
      package unseen;

      public class Surcharge extends pricing.Pricing {
        public static long percent = 1;
        public static long refundPercent;
        public static long charges;

        @Override
        public long fee(long amount) {
          return amount * percent / 100;
        }

        @Override
        public long refundFee(long amount) {
          return amount * refundPercent / 100;
        }

        @Override
        public void charged(long amount) {
          charges++;
        }
      }
      """;

  @Test
  void anOverrideOutOfSightAnswersOnceAndTheSeenBodyIsValidated(@TempDir Path out)
      throws Exception {
    Builds.instrument(SOURCES, out);
    String pricing = Builds.generated(out, "pricing/Pricing.java");
    assertTrue(pricing.contains("return log.recordedRef(fee(amount));"), pricing);
    assertTrue(pricing.contains("return replay.nondetRef();"), pricing);
    String shop = Builds.generated(out, "pricing/Shop.java");
    assertTrue(shop.contains("Pricing.feeApp$(log, pricing, amount)"), shop);
    assertTrue(shop.contains("Pricing.feeVal$(replay, pricing, amount)"), shop);
    Path unseen = Builds.outOfSight(out, "Surcharge", SURCHARGE);
    OrthrusRuntime rt = Builds.validationHeldBack();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"), unseen)) {
      Class<?> pricingType = loader.loadClass("pricing.Pricing");
      Class<?> surcharge = loader.loadClass("unseen.Surcharge");
      Class<?> accountType = loader.loadClass("pricing.Account");
      Class<?> shopType = loader.loadClass("pricing.Shop");
      var charge = shopType.getMethod("charge", accountType, long.class);
      var refund = shopType.getMethod("refund", accountType, long.class);
      Object seenShop =
          shopType
              .getConstructor(pricingType)
              .newInstance(pricingType.getConstructor().newInstance());
      Object unseenShop =
          shopType
              .getConstructor(pricingType)
              .newInstance(surcharge.getConstructor().newInstance());
      Object account = accountType.getConstructor().newInstance();
      long expected = 1_000_000;
      for (int i = 0; i < 200; i++) {
        long percent = i % 7;
        surcharge.getField("percent").setLong(null, percent);
        surcharge.getField("refundPercent").setLong(null, percent / 2);
        expected -= 1_000 + 1_000 * percent / 100;
        assertEquals(expected, charge.invoke(unseenShop, account, 1_000L));
        expected += 1_000 - 1_000 * (percent / 2) / 100;
        assertEquals(expected, refund.invoke(unseenShop, account, 1_000L));
        expected -= 1_000 + 10;
        assertEquals(expected, charge.invoke(seenShop, account, 1_000L));
      }
      // The override ran once per charge: VAL does not run a void one again.
      assertEquals(200L, surcharge.getField("charges").getLong(null));
      // Every setting changed since: VAL running the override again would see 6% and 3%.
      surcharge.getField("percent").setLong(null, 6);
      surcharge.getField("refundPercent").setLong(null, 3);
      rt.validators().add();
      Builds.assertAllValidated(rt, 600);
    } finally {
      rt.close();
    }
  }

  private static final String OTHER_SURCHARGE =
      """
      package unseen;

      public class RateSurcharge extends rates.Rate {
        public static long percent = 1;

        @Override
        public long fee(long amount) {
          return amount * percent / 100;
        }
      }
      """;

  /**
   * The method is another module's, which gave it no variants (none of its closures reaches it):
   * the closure's call records its answer, whatever class the object has.
   */
  @Test
  void anotherModulesOverridableMethodAnswersOnce(@TempDir Path out) throws Exception {
    Path lib = out.resolve("lib/classes");
    Instrumenter.instrument(
        new InstrumentRequest(
            List.of(Path.of("src/test/resources/unseen-overrides-lib")),
            Builds.classPath(),
            out.resolve("lib/generated"),
            lib,
            17));
    List<Path> classPath = new ArrayList<>(Builds.classPath());
    classPath.add(lib);
    Path app = out.resolve("app/classes");
    Instrumenter.instrument(
        new InstrumentRequest(
            List.of(Path.of("src/test/resources/unseen-overrides-app")),
            classPath,
            out.resolve("app/generated"),
            app,
            17));
    String till = Files.readString(out.resolve("app/generated/store/Till.java"));
    assertTrue(till.contains("log.nondetBits(rate.fee(amount))"), till);
    Path unseen = out.resolve("unseen");
    Path source =
        Files.createDirectories(unseen.resolve("src/unseen")).resolve("RateSurcharge.java");
    Files.writeString(source, OTHER_SURCHARGE);
    Javac.compile(List.of(source), classPath, 17, unseen.resolve("classes"));
    OrthrusRuntime rt = Builds.validationHeldBack();
    try (URLClassLoader loader = Builds.loader(lib, app, unseen.resolve("classes"))) {
      Class<?> rateType = loader.loadClass("rates.Rate");
      Class<?> surcharge = loader.loadClass("unseen.RateSurcharge");
      Class<?> walletType = loader.loadClass("store.Wallet");
      Class<?> tillType = loader.loadClass("store.Till");
      var charge = tillType.getMethod("charge", walletType, long.class);
      Object seenTill =
          tillType.getConstructor(rateType).newInstance(rateType.getConstructor().newInstance());
      Object unseenTill =
          tillType.getConstructor(rateType).newInstance(surcharge.getConstructor().newInstance());
      Object wallet = walletType.getConstructor().newInstance();
      long expected = 1_000_000;
      for (int i = 0; i < 200; i++) {
        surcharge.getField("percent").setLong(null, i % 7);
        expected -= 1_000 + 1_000 * (i % 7) / 100;
        assertEquals(expected, charge.invoke(unseenTill, wallet, 1_000L));
        expected -= 1_000 + 10;
        assertEquals(expected, charge.invoke(seenTill, wallet, 1_000L));
      }
      surcharge.getField("percent").setLong(null, 6);
      rt.validators().add();
      Builds.assertAllValidated(rt, 400);
    } finally {
      rt.close();
    }
  }
}
