package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.MismatchKind;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A core that computes wrongly in generated code: the APP variant of the generated golden {@code
 * KvMap}'s {@code set} is edited to store a flipped bit of the flags, as a faulty core would. The
 * validator's re-execution disagrees, the detection names the closure and the thread, and the
 * reproducer replays to the validator's result.
 */
class FaultInGeneratedCodeTest {

  private static final Path SOURCES = Path.of("../orthrus-goldens/src/main/java");

  @Test
  void aWrongStoreInTheAppVariantIsDetectedAndItsReproducerReplays(@TempDir Path out)
      throws Exception {
    // The generated setApp stores value, flags and CAS at once; the faulty core flips a bit.
    Path faulty =
        Builds.recompiledWith(
            Builds.instrument(SOURCES, out),
            out,
            "kvmap/KvMap.java",
            "boolean setApp(",
            "item.set$value$flags$cas(log, value.clone(), flags, cas);",
            "item.set$value$flags$cas(log, value.clone(), flags ^ 1, cas);");

    List<Detection> found = new CopyOnWriteArrayList<>();
    Path reproducers = out.resolve("reproducers");
    OrthrusRuntime rt = Builds.detecting(found, reproducers);
    try (URLClassLoader loader = Builds.loader(faulty)) {
      Class<?> type = loader.loadClass("golden.kvmap.KvMap");
      Object kv = type.getConstructor(int.class).newInstance(16);
      var set = type.getMethod("set", String.class, byte[].class, int.class);
      byte[] value = "v".getBytes(StandardCharsets.UTF_8);
      set.invoke(kv, "key", value, 6); // a new key: the healthy path
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(0, found.size(), () -> "no detection before the fault: " + found);
      set.invoke(kv, "key", value, 6); // an existing key: the faulty store
      assertTrue(rt.awaitDrained(10_000));

      assertEquals(1, found.size(), found::toString);
      Detection d = found.get(0);
      assertEquals("set", d.closureName());
      assertEquals(Thread.currentThread().getName(), d.appThread());
      assertFalse(d.kind() == MismatchKind.EXCEPTION, d::summary);
      assertNotNull(d.reproducer(), "a reproducer file is written");
      Builds.assertReplaysToValidator(d, loader);
    } finally {
      rt.close();
    }
  }

  /**
   * A field of an item changed behind the runtime's back while the control path held the item (a
   * faulty core's store): the plain variant of the closure it is handed to checks the fields in
   * place ({@code ControlPath.verify}, decision 0059), refuses to compute on them and reports the
   * corruption; the healthy item before passed the same check.
   */
  @Test
  void anItemCorruptedOnTheControlPathFailsThePlainVariantsCheck(@TempDir Path out)
      throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    assertTrue(
        Builds.generated(out, "golden/kvmap/KvMap.java").contains("ControlPath.verify(item);"),
        "the plain variant checks its user-data parameter in place");
    Path classes = out.resolve("classes");
    Javac.compile(result.generatedSources(), Builds.classPath(), 17, classes);

    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"), 0.0);
    try (URLClassLoader loader = Builds.loader(classes)) {
      Class<?> type = loader.loadClass("golden.kvmap.KvMap");
      Object kv = type.getConstructor(int.class).newInstance(16);
      type.getMethod("set", String.class, byte[].class, int.class)
          .invoke(kv, "key", "v".getBytes(StandardCharsets.UTF_8), 6);
      Object item = type.getMethod("find", String.class).invoke(kv, "key");
      Method valueOf = type.getMethod("valueOf", loader.loadClass("golden.kvmap.Item"));
      for (int i = 0; i < 3; i++) { // the site's first call is logged; the later ones are plain
        assertEquals("v", new String((byte[]) valueOf.invoke(null, item), StandardCharsets.UTF_8));
      }
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(List.of(), found, "no detection on a healthy item");

      Field flags = item.getClass().getDeclaredField("flags");
      flags.setAccessible(true);
      flags.setInt(item, 7); // no beginStore: the checksum in place still covers flags = 6
      InvocationTargetException thrown =
          assertThrows(InvocationTargetException.class, () -> valueOf.invoke(null, item));
      assertTrue(
          thrown.getCause() instanceof ChecksumMismatchException,
          String.valueOf(thrown.getCause()));
      assertEquals(1, found.size(), found::toString);
      assertEquals(MismatchKind.CHECKSUM, found.get(0).kind());
      assertEquals("valueOf", found.get(0).closureName());
    } finally {
      rt.close();
    }
  }
}
