package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User data whose fields, declared {@code List}, {@code CharSequence}, {@code Object} or with a
 * record, hold a JDK object the program keeps changing, handed in through a constructor where the
 * build does not see it ({@code src/test/resources/live-jdk-objects}): a validator read the object
 * as it was when it ran, and an outside trial saw 198 detections in 200 executions of a closure
 * reading {@code Collections.unmodifiableList(backing)} while the program added to {@code backing}.
 * An execution whose re-execution differs while its user data holds such an object is not
 * validated, with the field named (decision 0108); values that cannot change in the same fields are
 * validated.
 */
class LiveJdkObjectsTest {

  private static final Path SOURCES = Path.of("src/test/resources/live-jdk-objects");

  @Test
  void valuesThatCannotChangeAreValidated(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("views.Views").getMethod("steady", int.class).invoke(null, 200),
        600);
  }

  @Test
  void objectsTheProgramChangesAreNotValidatedAndNeverDetections(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader ->
            loader.loadClass("views.Views").getMethod("changing", int.class).invoke(null, 200),
        rt -> {
          assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
          assertEquals(600, rt.publishedCount());
          assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
          assertEquals(600, rt.validatedCount() + rt.notValidatedCount());
          String reasons = rt.notValidatedByClosure().toString();
          assertTrue(rt.notValidatedCount() > 0, reasons);
          for (String held :
              List.of(
                  "views.Views$View.names holds a java.util.Collections$Unmodifiable",
                  "views.Views$Text.input holds a java.lang.StringBuilder",
                  "views.Views$Tagged.entry holds a java.util.ArrayList")) {
            assertTrue(reasons.contains(held), held + " in " + reasons);
          }
          assertTrue(reasons.contains("orthrus.userdata.mutable-collection"), reasons);
        });
  }
}
