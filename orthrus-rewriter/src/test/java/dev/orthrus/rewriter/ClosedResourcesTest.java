package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A try-with-resources statement on a resource whose {@code close()} reaches user data ({@code
 * src/test/resources/closed-resources}): the logged variants translate it as JLS 14.20.3 does, so
 * that {@code close()} is a call of their own variant, where the JVM's implicit call ran it as
 * written and no execution was validated (decision 0083). Each form of the statement keeps its
 * meaning: a body and a {@code close()} that both throw (the second suppressed in the first), a
 * {@code close()} that throws alone, a null resource, two resources (closed in reverse order), a
 * variable declared before the statement ({@code try (r)}), catch and finally clauses, a JDK
 * resource beside a user-data one, and a {@code close()} that declares a checked exception.
 */
class ClosedResourcesTest {

  private static final Path SOURCES = Path.of("src/test/resources/closed-resources");
  private static final int ROUNDS = 30;
  private static final List<String> CLOSURES =
      List.of(
          "twr.Uses#single(twr.Account,int)",
          "twr.Uses#bodyThrows(twr.Account,int)",
          "twr.Uses#maybeNull(twr.Account,int)",
          "twr.Uses#two(twr.Account,twr.Account,int)",
          "twr.Uses#declaredBefore(twr.Account,int)",
          "twr.Uses#extended(twr.Account,int)",
          "twr.Uses#mixed(twr.Account,int)",
          "twr.Uses#journal(twr.Journal,int)",
          "twr.Uses#journalCaught(twr.Journal,int)");

  @TempDir static Path out;
  private static InstrumentResult result;

  @BeforeAll
  static void instrument() throws Exception {
    result = Builds.instrument(SOURCES, out);
  }

  @Test
  void theBuildNamesNoCloseAsRunAsWritten() {
    for (String closure : CLOSURES) {
      assertTrue(result.closures().contains(closure), () -> closure + " in " + result.closures());
      assertNull(result.notValidated().get(closure), result.notValidated()::toString);
    }
    assertEquals(List.of(), result.notValidatedWarnings());
  }

  @Test
  void theLoggedVariantsCallCloseAsAVariantAndKeepTheJdkResourcesStatement() throws Exception {
    String uses = Builds.generated(out, "twr/Uses.java");
    assertTrue(uses.contains("r.closeApp(log)"), uses);
    assertTrue(uses.contains("r.closeVal(replay)"), uses);
    assertTrue(uses.contains("primary$1.addSuppressed(suppressed$1)"), uses);
    assertTrue(uses.contains("final var resource$"), uses);
    // The scanner takes the default locale APP read (decision 0105).
    assertTrue(uses.contains("try (Scanner words = new Scanner(\"3 4 5\").useLocale("), uses);
  }

  /**
   * Every execution is logged and validated, without a detection, and the program computes what the
   * vanilla build does: results, exceptions with their messages and suppressed exceptions, and the
   * order in which the resources were closed.
   */
  @Test
  void everyExecutionIsValidatedAndComputesAsVanilla(@TempDir Path run) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        run,
        loader -> loader.loadClass("twr.Uses").getMethod("drive", int.class).invoke(null, ROUNDS),
        12L * ROUNDS);
  }

  /**
   * A faulty core in the logged variant of {@code close()} (it stores one more close than it ran):
   * the validator's re-execution of the closure, which calls {@code close()}'s own variant, stores
   * the right count, and the difference is detected, in the closure that closed the resource.
   */
  @Test
  void aWrongStoreInCloseIsDetected(@TempDir Path run) throws Exception {
    Path faulty =
        Builds.recompiledWith(
            Builds.instrument(SOURCES, run),
            run,
            "twr/Account.java",
            "void closeApp(",
            "log.load(tally).closes + 1)",
            "log.load(tally).closes + 2)");
    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, run.resolve("reproducers"));
    try (URLClassLoader loader = Builds.loader(faulty)) {
      Class<?> account = loader.loadClass("twr.Account");
      Object tally = loader.loadClass("twr.Tally").getConstructor().newInstance();
      Object a =
          account
              .getConstructor(int.class, tally.getClass(), boolean.class)
              .newInstance(1, tally, false);
      var single = loader.loadClass("twr.Uses").getDeclaredMethod("single", account, int.class);
      single.setAccessible(true);
      single.invoke(null, a, 5);
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(1, found.size(), found::toString);
      assertEquals("single", found.get(0).closureName());
    } finally {
      rt.close();
    }
  }
}
