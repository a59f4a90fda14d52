package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.testkit.FpAccumulator;
import dev.orthrus.testkit.KvMap;
import dev.orthrus.testkit.TreeIndex;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hand-written closures of {@code orthrus-testkit} ({@link KvMap}, {@link TreeIndex}, {@link
 * FpAccumulator}) are the rewriter's expected outputs, compared by behaviour: their sources,
 * written as ordinary annotated Java (module {@code orthrus-goldens}), are rewritten, and the
 * generated program, the hand-written one and the vanilla build are driven with the same random
 * operations. Every result is the same, every execution of both protected programs is validated,
 * and nothing is detected. The generated closures carry the hand-written ones' tags.
 */
class GoldensTest {

  private static final Path SOURCES = Path.of("../orthrus-goldens/src/main/java");
  private static final int OPERATIONS = 10_000;

  @TempDir static Path out;
  private static OrthrusRuntime rt;
  private static URLClassLoader generated;
  private static URLClassLoader vanilla;
  private static String report;

  @BeforeAll
  static void build() throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    report = Files.readString(result.report());
    generated = Builds.loader(out.resolve("classes"));
    vanilla = Builds.loader(Builds.vanilla(SOURCES, out));
    rt = Builds.validatingEverything();
  }

  @AfterAll
  static void close() throws Exception {
    rt.close();
    generated.close();
    vanilla.close();
  }

  @Test
  void kvMapBehavesAsTheHandWrittenOne() throws Exception {
    long published = rt.publishedCount();
    Calls gen = new Calls(generated, "golden.kvmap.KvMap", 256);
    Calls van = new Calls(vanilla, "golden.kvmap.KvMap", 256);
    KvMap hand = new KvMap(rt, 256);
    SplittableRandom random = new SplittableRandom(7);
    long executions = 2L * OPERATIONS;
    for (int i = 0; i < OPERATIONS; i++) {
      String key = "key-" + random.nextInt(600);
      switch (random.nextInt(3)) {
        case 0 -> {
          byte[] value = new byte[random.nextInt(48)];
          random.nextBytes(value);
          int flags = random.nextInt();
          boolean expected = hand.set(key, value, flags);
          assertEquals(expected, gen.call("set", key, value, flags), key);
          assertEquals(expected, van.call("set", key, value, flags), key);
        }
        case 1 -> {
          byte[] expected = hand.get(key);
          assertArrayEquals(expected, (byte[]) gen.call("get", key), key);
          assertArrayEquals(expected, (byte[]) van.call("get", key), key);
          // The same value through a handoff: find hands the item to this (control-path) code,
          // valueOf takes it back into a closure, which checks it first.
          KvMap.Item item = hand.find(key);
          Object generatedItem = gen.call("find", key);
          assertEquals(item == null, generatedItem == null, key);
          if (item != null) {
            assertArrayEquals(hand.valueOf(item), (byte[]) gen.call("valueOf", generatedItem), key);
            executions += 4;
          } else {
            executions += 2;
          }
        }
        default -> {
          boolean expected = hand.delete(key);
          assertEquals(expected, gen.call("delete", key), key);
          assertEquals(expected, van.call("delete", key), key);
        }
      }
    }
    assertEquals(van.call("size"), gen.call("size"));
    assertTagsMatch("golden.kvmap.KvMap", "SET", KvMap.SET);
    assertValidated(published, executions);
  }

  @Test
  void treeIndexBehavesAsTheHandWrittenOne() throws Exception {
    long published = rt.publishedCount();
    Calls gen = new Calls(generated, "golden.tree.TreeIndex");
    Calls van = new Calls(vanilla, "golden.tree.TreeIndex");
    TreeIndex hand = new TreeIndex(rt);
    SplittableRandom random = new SplittableRandom(11);
    for (int i = 0; i < OPERATIONS; i++) {
      long key = random.nextLong(2_000) - 1_000;
      if (random.nextInt(4) == 0) {
        int max = random.nextInt(40);
        long[] expected = hand.scan(key, max);
        assertArrayEquals(expected, (long[]) gen.call("scan", key, max), "scan " + key);
        assertArrayEquals(expected, (long[]) van.call("scan", key, max), "scan " + key);
      } else {
        long value = random.nextLong();
        boolean expected = hand.insert(key, value);
        assertEquals(expected, gen.call("insert", key, value), "insert " + key);
        assertEquals(expected, van.call("insert", key, value), "insert " + key);
      }
    }
    assertEquals(hand.size(), gen.call("size"));
    assertTagsMatch("golden.tree.TreeIndex", "INSERT", TreeIndex.INSERT);
    assertValidated(published, 2L * OPERATIONS);
  }

  @Test
  void fpAccumulatorBehavesAsTheHandWrittenOneToTheLastBit() throws Exception {
    long published = rt.publishedCount();
    Calls gen = new Calls(generated, "golden.fp.FpAccumulator");
    Calls van = new Calls(vanilla, "golden.fp.FpAccumulator");
    FpAccumulator hand = new FpAccumulator(rt);
    SplittableRandom random = new SplittableRandom(13);
    for (int i = 0; i < OPERATIONS; i++) {
      double[] batch = new double[random.nextInt(9)];
      for (int j = 0; j < batch.length; j++) {
        batch[j] = (random.nextDouble() - 0.5) * Math.scalb(1.0, random.nextInt(-30, 30));
      }
      long expected = Double.doubleToRawLongBits(hand.add(batch));
      assertEquals(expected, Double.doubleToRawLongBits((double) gen.call("add", (Object) batch)));
      assertEquals(expected, Double.doubleToRawLongBits((double) van.call("add", (Object) batch)));
    }
    assertEquals(hand.count(), gen.call("count"));
    assertTagsMatch("golden.fp.FpAccumulator", "ADD", FpAccumulator.ADD);
    assertValidated(published, 2L * OPERATIONS);
  }

  @Test
  void theReportNamesWhatTheHandWrittenCodeVersions() {
    for (String versioned :
        List.of("golden.kvmap.Item", "golden.kvmap.Table", "golden.tree.Node", "golden.fp.Stats")) {
      assertTrue(report.contains("\"" + versioned + "\""), () -> versioned + " in " + report);
    }
  }

  /**
   * The generated closure {@code binding} of {@code owner} (in its holder of bindings) has the
   * hand-written one's FP and strict tags.
   */
  private static void assertTagsMatch(String owner, String binding, ClosureBinding handWritten)
      throws ReflectiveOperationException {
    ClosureDescriptor gen =
        ((ClosureBinding)
                generated
                    .loadClass(owner + "$" + ClosureDescriptor.BINDINGS_HOLDER)
                    .getField(binding)
                    .get(null))
            .descriptor();
    ClosureDescriptor hand = handWritten.descriptor();
    assertEquals(hand.floatingPoint(), gen.floatingPoint(), binding + " floating point");
    assertEquals(hand.strict(), gen.strict(), binding + " strict");
  }

  /** Both protected programs logged {@code executions} since {@code before}, all validated. */
  private static void assertValidated(long before, long executions) {
    Builds.assertAllValidated(rt, before + executions);
    assertEquals(before + executions, rt.publishedCount(), "every execution, and no more");
  }

  /** An instance of a golden class of one build, called by method name. */
  private static final class Calls {
    private final Object target;
    private final Class<?> type;

    Calls(ClassLoader loader, String className, Object... constructorArgs)
        throws ReflectiveOperationException {
      type = loader.loadClass(className);
      target =
          constructorArgs.length == 0
              ? type.getConstructor().newInstance()
              : type.getConstructor(int.class).newInstance(constructorArgs);
    }

    Object call(String name, Object... args) throws ReflectiveOperationException {
      for (Method m : type.getMethods()) {
        if (m.getName().equals(name) && m.getParameterCount() == args.length) {
          return m.invoke(target, args);
        }
      }
      throw new NoSuchMethodException(type.getName() + "#" + name + "/" + args.length);
    }
  }
}
