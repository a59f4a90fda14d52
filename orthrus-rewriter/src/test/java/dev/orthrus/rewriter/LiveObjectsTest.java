package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User data whose fields, declared {@code List}, {@code CharSequence}, {@code Object} or with a
 * record, hold a JDK object the program keeps changing, handed in through a constructor where the
 * build does not see it ({@code src/test/resources/live-objects}): a validator read the object as
 * it was when it ran, and an outside trial saw 198 detections in 200 executions of a closure
 * reading {@code Collections.unmodifiableList(backing)} while the program added to {@code backing}.
 * An execution whose re-execution differs while its user data holds such an object is not
 * validated, with the field named (decision 0108); values that cannot change in the same fields are
 * validated.
 */
class LiveObjectsTest {

  private static final Path SOURCES = Path.of("src/test/resources/live-objects");

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
        rt ->
            Builds.assertSomeNotValidated(
                rt,
                800,
                "views.Views$View.names holds a java.util.Collections$Unmodifiable",
                "views.Views$Text.input holds a java.lang.StringBuilder",
                "views.Views$Tagged.entry holds a java.util.ArrayList",
                "views.Views$Holder.held holds a views.Views$Counter, whose fields are not all final",
                "orthrus.userdata.mutable-collection"));
  }
}
