package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that read user data through a method handle ({@code findGetter(...).invokeExact(this)}),
 * a var handle made without a class literal and a reflective method ({@code
 * src/test/resources/handles}): the validator's call read the object as it was when it ran, and an
 * outside trial saw 299 detections in 300 executions of the first. Such an execution whose outputs
 * differ is not validated (decision 0109); a handle of a static function computes the same in both
 * and is validated. (The reflective call of a getter is not validated either: the validator refuses
 * the getter's plain read of user data.)
 */
class HandlesTest {

  private static final Path SOURCES = Path.of("src/test/resources/handles");

  @Test
  void handlesThatReadUserDataAreNeverDetections(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> {
          try {
            return loader.loadClass("handles.Acc").getMethod("drive", int.class).invoke(null, 100);
          } catch (java.lang.reflect.InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
          }
        },
        rt -> {
          Builds.assertSomeNotValidated(
              rt, 400, "method handle", "closure=viaGetter", "closure=viaVarHandle");
          assertFalse(
              rt.notValidatedByClosure().toString().contains("viaFunction"),
              "a static function's handle computes the same in both");
        });
  }
}
