package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.sample.FixedSampling;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that iterate, copy, join and sort collections a service's own fields hold ({@code
 * src/test/resources/shared-iteration}): a for-each, a stream, an iterator and enumerations of
 * them, {@code forEach} with a lambda, live views of a map, {@code String.join}, copy constructors,
 * {@code addAll} into a list the closure owns, {@code Collections.sort} of the audit trail, a field
 * the control path replaces, a list a plain record holds, a choice between two shared lists and the
 * elements of an array a shared map holds. The control path changes every collection after each
 * execution, and validation is held back until it has changed them all, the worst case of a race
 * with it. A validator that read the live collections (or sorted the audit trail again) would
 * compute something else than the application did and report a healthy core; it must take what the
 * application iterated from the log.
 */
class SharedIterationTest {

  private static final Path SOURCES = Path.of("src/test/resources/shared-iteration");
  private static final List<String> CLOSURES =
      List.of(
          "lengths",
          "streamed",
          "visited",
          "viewed",
          "copied",
          "sorted",
          "swapped",
          "configured",
          "chosen",
          "counted");
  private static final int ROUNDS = 8;

  @Test
  void sharedCollectionsIteratedCopiedAndSortedValidateAfterTheControlPathChangedThem(
      @TempDir Path out) throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    String expected;
    try (URLClassLoader vanilla = Builds.loader(Builds.vanilla(SOURCES, out))) {
      expected = runAndReport(vanilla, () -> {});
    }
    OrthrusRuntime rt =
        OrthrusRuntime.start(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(0)
                .err(null)
                .build());
    Orthrus.install(rt);
    try (URLClassLoader generated = Builds.loader(out.resolve("classes"))) {
      String seen =
          runAndReport(
              generated,
              () -> {
                // Every closure has run and the control path has changed every collection since.
                rt.validators().add();
                assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
              });
      // The same results, the audit trail sorted once by the closures (its later lines stay where
      // the control path put them), the same number of comparisons.
      assertEquals(expected, seen);
      Builds.assertAllValidated(rt, (long) ROUNDS * CLOSURES.size());
    } finally {
      rt.close();
    }

    String source = Builds.generated(out, "shop/Shop.java");
    for (String form :
        List.of(
            "log.snapshot(tags)",
            "replay.snapshot(tags)",
            "log.snapshot(stock).keySet()",
            "owned.addAll(log.snapshot(tags))",
            "log.nondetRef(String.join(\",\", tags))")) {
      assertTrue(source.contains(form), () -> form + " in\n" + source);
    }
    String report = Files.readString(result.report());
    for (String entry :
        List.of(
            "recorded: snapshot for-each over java.util.List",
            "recorded: snapshot java.util.List#stream()",
            "recorded: call java.util.ArrayList#<init>(java.util.Collection)")) {
      assertTrue(report.contains(entry), () -> entry + " in " + report);
    }
  }

  /**
   * Drives the service in one build's loader, the control path changing it after every closure;
   * runs {@code beforeReport} before reading the audit trail and the comparisons.
   */
  private static String runAndReport(ClassLoader loader, Runnable beforeReport)
      throws ReflectiveOperationException {
    Class<?> shopType = loader.loadClass("shop.Shop");
    Class<?> accountType = loader.loadClass("shop.Shop$Account");
    Object shop = shopType.getConstructor().newInstance();
    Method change = shopType.getMethod("change", int.class);
    Object[] accounts = new Object[3];
    for (int i = 0; i < accounts.length; i++) {
      accounts[i] = accountType.getConstructor(String.class).newInstance("a" + i);
    }
    StringBuilder seen = new StringBuilder();
    int step = 0;
    change.invoke(shop, step++);
    for (int round = 0; round < ROUNDS; round++) {
      for (String closure : CLOSURES) {
        Object account = accounts[(round + step) % accounts.length];
        seen.append(shopType.getMethod(closure, accountType).invoke(shop, account)).append(',');
        change.invoke(shop, step++);
      }
      seen.append('\n');
    }
    beforeReport.run();
    return seen + shopType.getMethod("report").invoke(shop).toString();
  }
}
