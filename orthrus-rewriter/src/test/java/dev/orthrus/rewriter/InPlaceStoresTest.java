package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Orthrus;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fields held in place (decision 0058, {@code src/test/resources/in-place-stores}), in the plain
 * variant (validation off) and logged: a compound assignment that throws ends its store (the next
 * store does not wait forever) and leaves the fields as they were, and two threads that write
 * different fields of one object lose neither's stores, as in the vanilla program, with no
 * detection; a {@code +=} whose operand's toString stores to the same object does not wait for
 * ever.
 */
class InPlaceStoresTest {

  private static final Path SOURCES = Path.of("src/test/resources/in-place-stores");
  private static final int DEPOSITS = 20_000;

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void storesInPlaceBehaveAsTheVanillaProgram(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    Path vanilla = Builds.vanilla(SOURCES, out);
    try (URLClassLoader p = Builds.loader(out.resolve("classes"));
        URLClassLoader v = Builds.loader(vanilla)) {
      String expected = run(v);
      Orthrus.install(Orthrus.validationOff());
      assertEquals(expected, run(p), "plain variant");
      OrthrusRuntime rt = Builds.validatingEverything();
      try {
        assertEquals(expected, run(p), "logged");
        // A store that found the other thread's store between its read and itself is not
        // validated (ClosureLog.raced): the rest are, with no detection.
        assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
        assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
        assertTrue(rt.validatedCount() >= DEPOSITS, "validated: " + rt.validatedCount());
      } finally {
        rt.close();
      }
    }
  }

  private static String run(ClassLoader loader) throws Exception {
    Class<?> bank = loader.loadClass("inplace.Bank");
    Object b = bank.getConstructor().newInstance();
    Method divide = bank.getMethod("divide", int.class);
    Method deposit = bank.getMethod("deposit", int.class);
    Method rename = bank.getMethod("rename", String.class);
    StringBuilder seen = new StringBuilder();
    for (int d : new int[] {2, 0, 5, 0, 10}) {
      try {
        seen.append(divide.invoke(b, d)).append(' ');
      } catch (InvocationTargetException e) {
        seen.append(e.getCause().getClass().getSimpleName()).append(' ');
      }
    }
    Thread renamer =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < DEPOSITS; i++) {
                  rename.invoke(b, "owner-" + (i % 7));
                }
              } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
              }
            });
    renamer.start();
    for (int i = 0; i < DEPOSITS; i++) {
      deposit.invoke(b, 1);
    }
    renamer.join();
    rename.invoke(b, "grace");
    Method note = bank.getMethod("note", int.class);
    for (int i = 1; i <= 3; i++) {
      seen.append(note.invoke(b, i)).append(' ');
    }
    seen.append(bank.getMethod("describe").invoke(b));
    return seen.toString();
  }
}
