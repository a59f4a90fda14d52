package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
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
          "counted",
          "grouped",
          "described",
          "valued",
          "picked",
          "buffered",
          "stateful");

  /** Closures that hand a shared list to code the log does not follow (never validated). */
  private static final List<String> UNRECORDED = List.of("totalled", "appended", "journaled");

  private static final int ROUNDS = 8;

  @Test
  void sharedCollectionsIteratedCopiedAndSortedValidateAfterTheControlPathChangedThem(
      @TempDir Path out) throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    // The same results, the audit trail sorted once by the closures (its later lines stay where
    // the control path put them), the same number of comparisons.
    runBothBuilds(
        out, CLOSURES, rt -> Builds.assertAllValidated(rt, (long) ROUNDS * CLOSURES.size()));
    assertContainsAll(
        Builds.generated(out, "shop/Shop.java"),
        "log.snapshot(tags)",
        "replay.snapshot(tags)",
        "log.snapshot(stock).keySet()",
        "owned.addAll(log.snapshot(tags))",
        "log.recordedRef(String.join(\",\", log.beforeRecorded(tags)))",
        "for (String m : replay.snapshot(members))",
        "\"tags=\" + log.nondetRef(java.lang.String.valueOf(tags))",
        "log.nondetRef(groupOrNewApp(log, a.id))",
        "line += log.nondetRef(java.lang.String.valueOf(cold))",
        "a.plus$note(log, log.nondetRef(java.lang.String.valueOf(tags)))",
        "a.plus$note(java.lang.String.valueOf(tags))",
        "for (String t : log.snapshot(log.nondetRef(Shop.Picker.picksApp$(log, p, this))))");
    assertContainsAll(
        Files.readString(result.report()),
        "recorded: snapshot for-each over java.util.List",
        "recorded: snapshot java.util.List#stream()",
        "recorded: call java.util.ArrayList#<init>(java.util.Collection)",
        "recorded: call java.lang.String#valueOf(java.lang.Object)");
  }

  @Test
  void sharedCollectionsHandedToCodeTheLogDoesNotFollowAreNotValidatedNorReportedAsCorrupted(
      @TempDir Path out) throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    // The application's results and journal as vanilla's (the method reference ran once).
    runBothBuilds(
        out,
        UNRECORDED,
        rt -> {
          assertTrue(rt.publishedCount() >= (long) ROUNDS * UNRECORDED.size());
          assertEquals(rt.publishedCount(), rt.notValidatedCount(), "none is validated");
          assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
        });
    assertContainsAll(
        Builds.generated(out, "shop/Shop.java"),
        "total(replay.unrecorded(",
        "sb.append(replay.unrecorded(",
        "replay.unrecorded(journal, \"in a method reference (::add)\")::add",
        "\"iterated with the application's mutable objects in it\").stream().flatMap(");
    assertContainsAll(
        Files.readString(result.report()),
        "not validated: shared tags passed to total(...)",
        "not validated: shared tags passed to append(...)",
        "not validated: shared journal in a method reference (::add)");
    // The build's log warns of each such closure once, naming its uses.
    List<String> warnings = result.notValidatedWarnings();
    assertEquals(result.notValidated().size(), warnings.size(), warnings::toString);
    assertTrue(
        warnings.stream()
            .anyMatch(
                w ->
                    w.contains("its executions that reach shared tags passed to total(...)")
                        && w.contains(" are not validated")),
        warnings::toString);
  }

  /**
   * Runs {@code closures} in the vanilla build, then in the protected one (instrumented into {@code
   * out}) with every execution logged and validation held back until every closure has run and the
   * control path has changed every collection since; both must report the same, and {@code check}
   * looks at the runtime's counts.
   */
  private static void runBothBuilds(Path out, List<String> closures, Consumer<OrthrusRuntime> check)
      throws Exception {
    String expected;
    try (URLClassLoader vanilla = Builds.loader(Builds.vanilla(SOURCES, out))) {
      expected = runAndReport(vanilla, closures, () -> {});
    }
    OrthrusRuntime rt = Builds.validationHeldBack();
    try (URLClassLoader generated = Builds.loader(out.resolve("classes"))) {
      String seen =
          runAndReport(
              generated,
              closures,
              () -> {
                rt.validators().add();
                assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
              });
      assertEquals(expected, seen);
      check.accept(rt);
    } finally {
      rt.close();
    }
  }

  private static void assertContainsAll(String text, String... parts) {
    for (String part : parts) {
      assertTrue(text.contains(part), () -> part + " in\n" + text);
    }
  }

  /**
   * Drives the service in one build's loader, the control path changing it after every closure;
   * runs {@code beforeReport} before reading the audit trail and the comparisons.
   */
  private static String runAndReport(
      ClassLoader loader, List<String> closures, Runnable beforeReport)
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
      for (String closure : closures) {
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
