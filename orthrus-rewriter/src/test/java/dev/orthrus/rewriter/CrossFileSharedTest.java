package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure changes shared objects that static getters of other files hand out: a static list, an
 * interface's constant list, a static iterator. The rewriter reads what another file's method
 * returns only when javac has attributed that file and not yet lowered it: before every file was
 * attributed first, the getters looked like plain calls, the validator added to the lists and
 * advanced the iterator a second time, and the program's results differed from vanilla's with every
 * execution counted as validated (an outside trial: 1,009, 1,212 and 2,040 where vanilla counted
 * 1,000).
 */
class CrossFileSharedTest {

  @Test
  void sharedObjectsFromOtherFilesGettersChangeOnce(@TempDir Path out) throws Exception {
    Builds.instrument(Path.of("src/test/resources/cross-file-shared"), out);
    String service = Builds.generated(out, "audit/Service.java");
    assertTrue(service.contains("log.nondetRef(Journal.lines())"), service);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> accountType = loader.loadClass("audit.Account");
      Class<?> serviceType = loader.loadClass("audit.Service");
      var charge = serviceType.getMethod("charge", accountType, long.class);
      Object service0 = serviceType.getConstructor().newInstance();
      Object account = accountType.getConstructor().newInstance();
      long expected = 0;
      for (int i = 0; i < 300; i++) {
        expected += 10 + i;
        assertEquals(expected, charge.invoke(service0, account, 10L));
      }
      Builds.assertAllValidated(rt, 300);
      Class<?> journal = loader.loadClass("audit.Journal");
      assertEquals(300, ((List<?>) journal.getMethod("lines").invoke(null)).size());
      assertEquals(
          300, ((List<?>) loader.loadClass("audit.Registry").getField("SEEN").get(null)).size());
      var ids = (java.util.Iterator<?>) journal.getMethod("ids").invoke(null);
      assertEquals(300, ids.next(), "the validator never advanced the iterator");
    } finally {
      rt.close();
    }
  }
}
