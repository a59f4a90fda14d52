package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that draw from generators and clocks ({@code src/test/resources/nondeterministic}): the
 * application's values differ from run to run, and every execution still validates. An unseeded
 * {@code new Random()} and {@code Collections.shuffle(list)} are seeded from the log; a recorded
 * call whose receiver is a recorded call ({@code ThreadLocalRandom.current().nextInt(n)}) replays
 * both. The executing thread, a stack trace, an exception's message and the identity hash code of a
 * user-data object without a {@code hashCode} ({@code where.Where}) are recorded, so VAL sees the
 * application's thread name and {@code fApp} frame, not its own.
 */
class NondeterministicCallsTest {

  private static final Path SOURCES = Path.of("src/test/resources/nondeterministic");

  @Test
  void drawsValidateWithoutADetection(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("draws.Draws");
      Object draws = type.getConstructor().newInstance();
      var draw = type.getMethod("draw", int.class);
      var stamp = type.getMethod("stamp");
      var shuffle = type.getMethod("shuffle", int.class);
      for (int i = 0; i < 2_000; i++) {
        draw.invoke(draws, 1_000);
        stamp.invoke(draws);
        shuffle.invoke(draws, 10);
      }
      Builds.assertAllValidated(rt, 6_000);
    } finally {
      rt.close();
    }
  }

  @Test
  void theThreadTheStackMessagesAndIdentityHashesAreRecorded(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String app = Files.readString(out.resolve("generated/where/Where.java"));
    for (String recorded :
        new String[] {
          "log.nondetRef(log.nondetRef(Thread.currentThread()).getName())",
          "log.nondetRef(StackWalker.getInstance().walk(",
          "log.nondetRef(log.nondetRef(Thread.currentThread()).getThreadGroup())",
          "log.nondetRef(e.getStackTrace())",
          "log.nondetRef(e.getMessage())",
          "log.nondetRef(e.getLocalizedMessage())",
          "log.nondetBits(m.hashCode())",
          "log.nondetBits(o.hashCode())"
        }) {
      assertTrue(app.contains(recorded), recorded + " in\n" + app);
    }
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("where.Where");
      Object where = type.getConstructor().newInstance();
      var threadName = type.getMethod("threadName");
      var caughtWhere = type.getMethod("caughtWhere");
      var message = type.getMethod("message", int.class);
      var identityHash = type.getMethod("identityHash", int.class);
      var objectHash = type.getMethod("objectHash", int.class);
      var stackDepth = type.getMethod("stackDepth");
      var threadGroup = type.getMethod("threadGroup");
      for (int i = 0; i < 500; i++) {
        assertEquals(Thread.currentThread().getName(), threadName.invoke(where));
        assertEquals("caughtWhereApp", caughtWhere.invoke(where));
        message.invoke(where, i % 2);
        identityHash.invoke(where, i);
        objectHash.invoke(where, i);
        stackDepth.invoke(where);
      }
      // From a thread of another group than the validators': the group read is the caller's.
      List<Object> groups = new ArrayList<>();
      Thread worker =
          new Thread(
              new ThreadGroup("workers"),
              () -> {
                for (int i = 0; i < 100; i++) {
                  try {
                    groups.add(threadGroup.invoke(where));
                  } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                  }
                }
              });
      worker.start();
      worker.join();
      assertEquals(Collections.nCopies(100, "workers"), groups);
      Builds.assertAllValidated(rt, 3_100);
    } finally {
      rt.close();
    }
  }

  /**
   * A method reference to a recorded call ({@code map(Thread::getName)}, {@code
   * Stream.generate(UUID::randomUUID)}, {@code Double::doubleToRawLongBits}) is recorded as the
   * written call is. Before, VAL ran {@code Thread::getName} on its own thread: every validated
   * execution was a detection ("expected orthrus-validator-0, actual main").
   */
  @Test
  void methodReferencesToRecordedCallsAreRecorded(@TempDir Path out) throws Exception {
    Builds.instrument(Path.of("src/test/resources/recorded-references"), out);
    String app = Files.readString(out.resolve("generated/refs/Who.java"));
    assertTrue(app.contains("log.nondetRef(ref$0.getName())"), app);
    assertTrue(app.contains("log.rawDoubleBits(ref$0)"), app);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("refs.Who");
      Object who = type.getConstructor().newInstance();
      var name = type.getMethod("name");
      var daemon = type.getMethod("daemon");
      var id = type.getMethod("id");
      var draws = type.getMethod("draws");
      var nanBits = type.getMethod("nanBits", double.class);
      for (int i = 0; i < 500; i++) {
        assertEquals(Thread.currentThread().getName(), name.invoke(who));
        assertEquals(Thread.currentThread().isDaemon(), daemon.invoke(who));
        id.invoke(who);
        assertEquals(74, draws.invoke(who));
        nanBits.invoke(who, (double) i);
      }
      Builds.assertAllValidated(rt, 2_500);
    } finally {
      rt.close();
    }
  }

  /**
   * A sized stream of random numbers from a generator the closure did not seed ({@code
   * ThreadLocalRandom.current().ints(n, 1, 7)}, {@code SHARED.doubles(n)}) is drawn by APP into an
   * array the log records, and VAL streams the same array. Before, VAL drew numbers of its own:
   * about 99% of the executions were not validated.
   */
  @Test
  void sizedRandomStreamsAreRecordedAsArrays(@TempDir Path out) throws Exception {
    Builds.instrument(Path.of("src/test/resources/random-streams"), out);
    String app = Builds.generated(out, "streams/Dice.java");
    assertTrue(app.contains("java.util.Arrays.stream(log.nondetRef("), app);
    assertTrue(app.contains(".ints(n, 1, 7).toArray()))"), app);
    assertTrue(app.contains("new Random(log.nondetBits("), app);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("streams.Dice");
      Object dice = type.getConstructor().newInstance();
      var roll = type.getMethod("roll", int.class);
      var spread = type.getMethod("spread", int.class);
      var mixed = type.getMethod("mixed");
      var fresh = type.getMethod("fresh", int.class);
      for (int i = 0; i < 500; i++) {
        long sum = (long) roll.invoke(dice, 10);
        assertTrue(sum >= 10 && sum <= 60, "10 dice: " + sum);
        spread.invoke(dice, 4);
        mixed.invoke(dice);
        fresh.invoke(dice, 5);
      }
      Builds.assertAllValidated(rt, 2_000);
    } finally {
      rt.close();
    }
  }

  /**
   * The message of an exception caught in a multi-catch clause: before it was recorded, 1 to 4,573
   * of 20,000 executions were detections once the JIT compiled the division.
   */
  @Test
  void theMessageOfAMultiCatchParameterIsRecorded(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/multi-catch"),
        out,
        loader -> {
          Class<?> type = loader.loadClass("msg.Box");
          Object box = type.getConstructor().newInstance();
          var divide = type.getMethod("divide", int.class, int.class);
          long sum = 0;
          for (int i = 0; i < 20_000; i++) {
            sum += (int) divide.invoke(box, i, i % 2);
          }
          return "sum " + sum;
        },
        20_000);
    String app = Builds.generated(out, "msg/Box.java");
    assertTrue(app.contains("this.set$last(log, log.nondetRef(e.getMessage()))"), app);
  }
}
