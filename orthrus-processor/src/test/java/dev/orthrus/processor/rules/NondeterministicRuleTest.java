package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.model.json.ClosureReportJson;
import java.io.IOException;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

class NondeterministicRuleTest {

  private static final String KEY = "[orthrus.closure.nondeterministic]";

  @Test
  void notesClocksRandomnessAndIdentityHashes() {
    JavaFileObject f =
        source(
            "t.Clocky",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashSet;
        import java.util.Set;
        import java.util.UUID;
        import java.util.concurrent.ThreadLocalRandom;
        public class Clocky {
          static final class Key { }
          enum Color { RED }
          private final Set<Key> keys = new HashSet<>();
          @Closure
          public long stamp(Key k) {
            long t = System.nanoTime();
            int r = ThreadLocalRandom.current().nextInt();
            String u = UUID.randomUUID().toString();
            int h = k.hashCode();
            int e = Color.RED.hashCode();
            int id = System.identityHashCode(k);
            for (Key each : keys) {
              h += 1;
            }
            return t + r + u.length() + h + e + id;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("System.nanoTime()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("ThreadLocalRandom.current()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("UUID.randomUUID()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("k.hashCode()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("Color.RED.hashCode()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("System.identityHashCode(k)");
    // Iteration in identity-hash order is an error of its own (IdentityHashOrderRuleTest).
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.identity-hash-order]")
        .inFile(f)
        .onLineContaining("for (Key each : keys)");
  }

  @Test
  void notesTheThreadTheStackAndExceptionMessagesAsRecorded() throws IOException {
    JavaFileObject f =
        source(
            "t.Where",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Where {
          @Closure
          public String where(int d) {
            String name = Thread.currentThread().getName();
            try {
              return name + (10 / d);
            } catch (ArithmeticException e) {
              String m = e.getMessage();
              String top = e.getStackTrace()[0].getMethodName();
              return name + m + top + e.getLocalizedMessage() + e.toString();
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    String recorded = "its result is recorded by the application and replayed to the validator";
    assertThat(c)
        .hadNoteContaining("`java.lang.Thread#getName()` (environment); " + recorded)
        .inFile(f)
        .onLineContaining("Thread.currentThread()");
    assertThat(c)
        .hadNoteContaining("`java.lang.ArithmeticException#getMessage()` (environment)")
        .inFile(f)
        .onLineContaining("e.getMessage()");
    assertThat(c)
        .hadNoteContaining("`java.lang.ArithmeticException#getStackTrace()` (environment)")
        .inFile(f)
        .onLineContaining("e.getStackTrace()");
    assertThat(nondeterministic(c))
        .containsExactly(
            "java.lang.Thread#getName() environment recorded",
            // The thread itself, compared or stored as a value (decision 0107).
            "java.lang.Thread#currentThread() environment recorded",
            "java.lang.ArithmeticException#getMessage() environment recorded",
            "java.lang.ArithmeticException#getStackTrace() environment recorded",
            "java.lang.ArithmeticException#getLocalizedMessage() environment recorded",
            "java.lang.ArithmeticException#toString() environment recorded");
  }

  /**
   * A call through a JDK class reaches the overrides of classes below that class only: {@code
   * e.getMessage()} of an {@code ArithmeticException} does not run the override of an exception
   * class of the sources that extends {@code RuntimeException} (an outside trial's note blamed it).
   * The closure throws the {@code ArithmeticException} of the sources: through a JDK class, a call
   * reaches only the classes the closure may hold (decision 0080).
   */
  @Test
  void aVirtualCallReachesOnlyOverridesBelowTheReceiversClass() {
    JavaFileObject f =
        source(
            "t.Parser",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Parser {
          static final class BadInput extends RuntimeException {
            @Override public String getMessage() { return "bad at " + System.nanoTime(); }
          }
          static final class BadNumber extends ArithmeticException {
            @Override public String getMessage() { return "number at " + System.currentTimeMillis(); }
          }
          @Closure
          public String divide(int a, int b) {
            try {
              if (b == 0) {
                throw new BadNumber();
              }
              return "" + a / b;
            } catch (ArithmeticException e) {
              return e.getMessage();
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    // BadNumber is an ArithmeticException the closure throws: its override may run, and reads
    // the clock.
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("System.currentTimeMillis()");
    assertThat(c.notes().stream().map(Object::toString).filter(n -> n.contains("nanoTime")))
        .isEmpty();
  }

  /**
   * A multi-catch parameter's type is a union: the message is read from the alternatives' common
   * superclass, as javac compiles it (an outside trial's false detection: compiled code throws
   * {@code / by zero} without a message).
   */
  @Test
  void theMessageOfAMultiCatchParameterIsRecorded() throws IOException {
    JavaFileObject f =
        source(
            "t.Divider",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Divider {
          @Closure
          public String divide(int a, int b) {
            try {
              return "" + a / b;
            } catch (ArithmeticException | IllegalStateException e) {
              return e.getMessage();
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c)
        .hadNoteContaining("`java.lang.RuntimeException#getMessage()` (environment)")
        .inFile(f)
        .onLineContaining("e.getMessage()");
    assertThat(nondeterministic(c))
        .containsExactly("java.lang.RuntimeException#getMessage() environment recorded");
  }

  @Test
  void unseededGeneratorsAndTheJdkShuffleAreSeeded() throws IOException {
    JavaFileObject f =
        source(
            "t.Deck",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.ArrayList;
        import java.util.Collections;
        import java.util.List;
        import java.util.Random;
        import java.util.SplittableRandom;
        public class Deck {
          @Closure
          public int deal(int n) {
            List<Integer> cards = new ArrayList<>();
            for (int i = 0; i < n; i++) {
              cards.add(i);
            }
            Collections.shuffle(cards);
            Random random = new Random();
            SplittableRandom split = new SplittableRandom();
            Collections.shuffle(cards, random);
            return cards.get(0) + random.nextInt(n) + split.nextInt(n);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    String seeded = "it runs with a seed the application records and the validator replays";
    assertThat(c)
        .hadNoteContaining(seeded)
        .inFile(f)
        .onLineContaining("Collections.shuffle(cards);");
    assertThat(c).hadNoteContaining(seeded).inFile(f).onLineContaining("new Random()");
    assertThat(c).hadNoteContaining(seeded).inFile(f).onLineContaining("new SplittableRandom()");

    // A shuffle with a generator of the closure's own and that generator's draws are not listed.
    assertThat(nondeterministic(c))
        .containsExactly(
            "java.util.Collections#shuffle(java.util.List) random seeded",
            "java.util.Random#<init>() random seeded",
            "java.util.SplittableRandom#<init>() random seeded");
  }

  @Test
  void theRawBitsOfAFloatingPointValueAreNanBits() throws IOException {
    JavaFileObject f =
        source(
            "t.Encoder",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.nio.ByteBuffer;
        public class Encoder {
          @Closure
          public long encode(double d, float f) {
            byte[] bytes = ByteBuffer.allocate(12).putDouble(d).putFloat(f).array();
            return Double.doubleToRawLongBits(d) + Float.floatToRawIntBits(f) + bytes[0]
                + Double.doubleToLongBits(d) + Float.floatToIntBits(f);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c)
        .hadNoteContaining(
            "`java.lang.Double#doubleToRawLongBits(double)` (nan-bits); the bits of a NaN are"
                + " recorded by the application and replayed to the validator, those of any other"
                + " value are validated")
        .inFile(f)
        .onLineContaining("Double.doubleToRawLongBits(d)");
    // doubleToLongBits and floatToIntBits give every NaN the same bits: they are not listed.
    assertThat(nondeterministic(c))
        .containsExactly(
            "java.nio.ByteBuffer#putDouble(double) nan-bits recorded",
            "java.nio.ByteBuffer#putFloat(float) nan-bits recorded",
            "java.lang.Double#doubleToRawLongBits(double) nan-bits recorded",
            "java.lang.Float#floatToRawIntBits(float) nan-bits recorded");
  }

  @Test
  void deterministicHashesAndOrderedIterationAreFine() {
    JavaFileObject f =
        source(
            "t.Calm",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashMap;
        import java.util.LinkedHashSet;
        import java.util.Map;
        import java.util.Set;
        public class Calm {
          record Point(int x, int y) { }
          private final Map<String, Integer> counts = new HashMap<>();
          private final Set<Object> ordered = new LinkedHashSet<>();
          @Closure
          public int hash(String s, Point p) {
            int h = s.hashCode() + p.hashCode() + java.util.Arrays.hashCode(new int[] {1});
            for (String key : counts.keySet()) {
              h += key.length();
            }
            for (Object o : ordered) {
              h++;
            }
            return h + new java.util.Random(42).nextInt(10 - 9);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.nondeterministic");
  }

  /** The first closure's {@code nondeterministic} entries in closures.json. */
  private static List<String> nondeterministic(Compilation c) throws IOException {
    String json =
        c.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/orthrus/closures.json")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    return ClosureReportJson.read(json).closures().get(0).nondeterministic().stream()
        .map(n -> n.target() + " " + n.category() + " " + n.handling())
        .toList();
  }
}
