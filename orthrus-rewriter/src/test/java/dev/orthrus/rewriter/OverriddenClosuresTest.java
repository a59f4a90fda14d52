package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.api.Overrides;
import dev.orthrus.runtime.sample.FixedSampling;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure that subclasses override ({@code src/test/resources/overrides}), called through the
 * base type: by an override that is a closure and calls {@code super.add}, and by one that is not
 * annotated. Whether an execution is sampled or not, the program computes what the vanilla build
 * computes (trial 5: unsampled executions skipped the unannotated override, and a sampled {@code
 * super.add} ran the override's logged variant a second time), and nothing is detected.
 */
class OverriddenClosuresTest {

  private static final Path SOURCES = Path.of("src/test/resources/overrides");

  @Test
  void overridesRunAsTheVanillaBuildRunsThemAtEverySamplingRate(@TempDir Path out)
      throws Exception {
    Builds.instrument(SOURCES, out);
    Path vanilla = Builds.vanilla(SOURCES, out);
    for (double rate : new double[] {0.0, 0.3, 1.0}) {
      OrthrusRuntime rt =
          OrthrusRuntime.start(
              RuntimeConfig.builder()
                  .sampling(() -> new FixedSampling(rate))
                  .validators(1)
                  .build());
      rt.blockWhenFull(true);
      Orthrus.install(rt);
      try (URLClassLoader protectedLoader = Builds.loader(out.resolve("classes"));
          URLClassLoader vanillaLoader = Builds.loader(vanilla)) {
        for (String type : new String[] {"acc.Acc", "acc.Doubling", "acc.Ignoring"}) {
          long routed = Overrides.routedCount();
          long computed = run(protectedLoader, type);
          assertEquals(run(vanillaLoader, type), computed, type + " at " + rate);
          // Every call of Ignoring's add ran the override that is not a closure: the exit
          // summary counts them.
          assertEquals(
              type.equals("acc.Ignoring") ? 3_000 : 0,
              Overrides.routedCount() - routed,
              type + " at " + rate);
        }
        assertEquals(true, rt.awaitDrained(10_000));
        assertEquals(0, rt.detections().count(), "at " + rate);
      } finally {
        rt.close();
      }
    }
  }

  private static long run(ClassLoader loader, String type) throws Exception {
    Class<?> acc = loader.loadClass("acc.Acc");
    Object a = loader.loadClass(type).getConstructor().newInstance();
    Method run = loader.loadClass("acc.Driver").getMethod("run", acc, int.class);
    return (long) run.invoke(null, a, 3_000);
  }
}
