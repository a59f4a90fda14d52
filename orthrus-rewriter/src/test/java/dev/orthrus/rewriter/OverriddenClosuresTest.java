package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.api.Overrides;
import dev.orthrus.runtime.sample.FixedSampling;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * An override compiled against the protected classes without being rewritten (a user's test
   * sources, a consumer that is not protected) is what plain code calls: its {@code super.add} runs
   * the closure's body once, where it ran the override a second time (outside trial 8: a counting
   * override counted 2 calls, and a result came out ten times too large).
   */
  @Test
  void anOverrideOutsideTheBuildRunsOncePerCall(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    Path vanilla = Builds.vanilla(SOURCES, out);
    Path source = out.resolve("outside/ext/Tenfold.java");
    Files.createDirectories(source.getParent());
    Files.writeString(
        source,
        """
        package ext;

        public class Tenfold extends acc.Acc {
          public int runs;

          @Override
          public long add(long v) {
            runs++;
            return super.add(v) * 10;
          }

          public static String run() {
            Tenfold t = new Tenfold();
            long last = 0;
            for (int i = 1; i <= 100; i++) {
              last = t.add(i);
            }
            return "last=" + last + " runs=" + t.runs + " sum=" + t.sum();
          }
        }
        """);
    OrthrusRuntime rt = Builds.validatingEverything();
    try {
      List<String> results = new ArrayList<>();
      for (Path classes : List.of(vanilla, out.resolve("classes"))) {
        Path compiled = out.resolve("outside/" + classes.getFileName());
        List<Path> classPath = new ArrayList<>(Builds.classPath());
        classPath.add(classes);
        Javac.compile(List.of(source), classPath, 17, compiled);
        try (URLClassLoader loader = Builds.loader(compiled, classes)) {
          results.add((String) loader.loadClass("ext.Tenfold").getMethod("run").invoke(null));
        }
      }
      assertEquals("last=50500 runs=100 sum=5050", results.get(0));
      assertEquals(results.get(0), results.get(1));
      assertEquals(true, rt.awaitDrained(10_000));
      assertEquals(0, rt.detections().count());
    } finally {
      rt.close();
    }
  }

  private static long run(ClassLoader loader, String type) throws Exception {
    Class<?> acc = loader.loadClass("acc.Acc");
    Object a = loader.loadClass(type).getConstructor().newInstance();
    Method run = loader.loadClass("acc.Driver").getMethod("run", acc, int.class);
    return (long) run.invoke(null, a, 3_000);
  }
}
