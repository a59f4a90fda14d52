package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure that reads a setting the control path changes (a field of its owner, a static field, an
 * element of a static array, a getter of another object, a public field that only code outside the
 * sources sets) must not be re-executed with the new value: the validator would compute something
 * else and report a core that did nothing wrong. Such reads are recorded by APP and replayed by
 * VAL, like non-deterministic calls. The test holds validation back until every setting has
 * changed, the worst case of a race with the control path.
 */
class SharedReadsTest {

  private static final Path SOURCES = Path.of("src/test/resources/shared-reads");

  @Test
  void settingsChangedBeforeValidationRaiseNoAlarm(@TempDir Path out) throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    OrthrusRuntime rt = Builds.validationHeldBack();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> settingsType = loader.loadClass("meter.Settings");
      Class<?> meterType = loader.loadClass("meter.Meter");
      Object settings = settingsType.getConstructor().newInstance();
      Object meter = meterType.getConstructor(settingsType, int.class).newInstance(settings, 100);
      var add = meterType.getMethod("add", long.class);

      assertEquals(105L, add.invoke(meter, 5L));
      assertEquals(210L, add.invoke(meter, 5L));
      meterType.getMethod("weight", int.class).invoke(meter, 2);
      settingsType.getMethod("scale", int.class).invoke(settings, 3);
      settingsType.getMethod("offset", long.class).invoke(null, 7L);
      assertEquals(210L + 5 * 2 * 3 + 7 + 100, add.invoke(meter, 5L));
      settingsType.getMethod("scale", int.class).invoke(settings, 5);
      settingsType.getMethod("bonus", int.class, long.class).invoke(null, 2, 1_000L);
      // Fields no code of the sources writes, set from outside them (before, read as constants:
      // the validator saw the new values and reported the executions before).
      settingsType.getField("surcharge").setLong(null, 40L);
      ((long[]) settingsType.getField("RATES").get(null))[0] = 9;
      var penalty = settingsType.getDeclaredField("penalty");
      penalty.setAccessible(true);
      penalty.setLong(null, 11L);

      rt.validators().add();
      Builds.assertAllValidated(rt, 3);
      String generated = Files.readString(out.resolve("generated/meter/Meter.java"));
      assertTrue(generated.contains("nondetBits(weight)"), generated);
      assertTrue(!generated.contains("nondetBits(base)"), "a field only constructors write");
      assertTrue(generated.contains("log.nondetBits(Settings.BONUS[(int) (v % 3)])"), generated);
      assertTrue(
          generated.contains("for (long bonus : log.snapshotArray(Settings.BONUS))"), generated);
      assertTrue(
          generated.contains("for (long bonus : replay.snapshotArray(Settings.BONUS))"), generated);
      assertTrue(generated.contains("log.nondetBits(bonuses[2])"), generated);
      assertFalse(
          generated.contains("nondetBits(FIXED"), "a private array only initializers write");
      assertTrue(generated.contains("log.nondetBits(Settings.surcharge)"), generated);
      assertTrue(generated.contains("log.nondetBits(Settings.RATES[0])"), generated);
      assertTrue(generated.contains("log.nondetBits(Settings.penalty)"), generated);
      String report = Files.readString(result.report());
      for (String field :
          List.of(
              "meter.Meter#weight",
              "meter.Settings#scale",
              "meter.Settings#offset",
              "meter.Settings#BONUS",
              "meter.Settings#surcharge",
              "meter.Settings#penalty",
              "meter.Settings#RATES")) {
        assertTrue(
            report.contains("\"recorded: field " + field + "\""), () -> field + " in " + report);
      }
      assertFalse(report.contains("meter.Meter#base"), report);
      assertFalse(report.contains("FIXED"), "an array only initializers write: " + report);
      assertFalse(report.contains("amount"), "a field of an object the closure made: " + report);
    } finally {
      rt.close();
    }
  }
}
