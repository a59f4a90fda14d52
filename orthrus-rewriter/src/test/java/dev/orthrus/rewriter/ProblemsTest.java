package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What cannot be protected stops instrumentation with the file, the line and what to do, and
 * nothing reaches the class output.
 */
class ProblemsTest {

  private static final String NODE =
      """
      package p;
      @dev.orthrus.annotations.UserData
      final class Node {
        long value;
        Node[] kids = new Node[4];
      }
      """;

  /** Writes {@code dir/src/p/Node.java} and, unless null, {@code Tree.java}. */
  private static void sources(Path dir, String tree) throws IOException {
    Path src = dir.resolve("src/p");
    Files.createDirectories(src);
    Files.writeString(src.resolve("Node.java"), NODE);
    if (tree != null) {
      Files.writeString(src.resolve("Tree.java"), tree);
    }
  }

  private static List<Problem> problems(Path dir, String closureClass) throws IOException {
    sources(dir, closureClass);
    InstrumentException e =
        assertThrows(InstrumentException.class, () -> Builds.instrument(dir.resolve("src"), dir));
    assertFalse(Files.exists(dir.resolve("classes/p/Tree.class")), "nothing compiled");
    return e.problems();
  }

  private static void assertOne(List<Problem> problems, int line, String construct) {
    assertEquals(1, problems.size(), problems::toString);
    Problem p = problems.get(0);
    assertTrue(p.file().endsWith(Path.of("p/Tree.java")), p::toString);
    assertEquals(line, p.line(), p::toString);
    assertTrue(p.construct().contains(construct), p::toString);
    // The build's line names the rule, as the processor's and orthrus analyze's do.
    assertTrue(p.construct().startsWith("[orthrus.rewriter.unprotectable] "), p::toString);
    assertFalse(p.advice().isEmpty(), p::toString);
  }

  /**
   * A method reference through another object than this one names that object in the lambda the
   * advice suggests: {@code x -> value(x)} would compile and call this object's method instead.
   */
  @Test
  void aMethodReferenceThroughAnotherObjectIsAdvisedAsALambdaThroughIt(@TempDir Path dir)
      throws IOException {
    String tree =
        """
        package p;
        @dev.orthrus.annotations.UserData
        final class Tree {
          long scale;
          long value(long x) { return x * scale; }
          @dev.orthrus.annotations.Closure
          long sum(Tree other, java.util.List<Long> xs) {
            return xs.stream().mapToLong(other::value).sum();
          }
        }
        """;
    List<Problem> problems = problems(dir, tree);
    assertOne(problems, 8, "a method reference through other");
    assertTrue(problems.get(0).advice().contains("(a -> other.value(a))"), problems::toString);
  }

  /**
   * A reference through an object to a call the log records would be evaluated at each call once
   * rewritten: refused, with the lambda to write in its place.
   */
  @Test
  void aBoundReferenceToARecordedCallIsAdvisedAsALambda(@TempDir Path dir) throws IOException {
    String tree =
        """
        package p;
        @dev.orthrus.annotations.UserData
        final class Tree {
          long seen;
          @dev.orthrus.annotations.Closure
          String who() {
            seen++;
            java.util.function.Supplier<String> name = Thread.currentThread()::getName;
            return name.get();
          }
        }
        """;
    List<Problem> problems = problems(dir, tree);
    assertOne(problems, 8, "a method reference to java.lang.Thread#getName()");
    assertTrue(
        problems.get(0).advice().contains("(() -> Thread.currentThread().getName())"),
        problems::toString);
  }

  /**
   * An unbounded stream of random numbers from a generator the closure did not seed: the log can
   * record only numbers drawn, and this stream draws as many as the code after it takes. Refused,
   * with the sized form to write.
   */
  @Test
  void anUnboundedRandomStreamIsAdvisedAsASizedOne(@TempDir Path dir) throws IOException {
    String dice =
        """
        package p;
        @dev.orthrus.annotations.UserData
        final class Tree {
          long total;
          @dev.orthrus.annotations.Closure
          long roll(int n) {
            total += java.util.concurrent.ThreadLocalRandom.current().ints(1, 7).limit(n).sum();
            return total;
          }
        }
        """;
    List<Problem> problems = problems(dir, dice);
    assertOne(problems, 7, "an unbounded stream of random numbers (");
    assertTrue(problems.get(0).construct().contains("#ints(int,int))"), problems::toString);
    assertTrue(problems.get(0).advice().contains("ints(n, origin, bound)"), problems::toString);
  }

  /**
   * A plain class whose field initializer reads a clock, made inside a closure: a validator runs
   * the initializer as written and would read its own clock (every execution a detection). Refused,
   * naming the call.
   */
  @Test
  void aPlainClassThatReadsTheThreadWhenMadeIsRefusedInAClosure(@TempDir Path dir)
      throws IOException {
    String tree =
        """
        package p;
        @dev.orthrus.annotations.UserData
        final class Tree {
          static final class Stamp {
            final String thread = Thread.currentThread().getName();
            final long at = 1;
          }
          long last;
          @dev.orthrus.annotations.Closure
          long stamp() {
            last = new Stamp().at;
            return last;
          }
        }
        """;
    List<Problem> problems = problems(dir, tree);
    assertOne(problems, 11, "make a call the log records (java.lang.Thread#currentThread())");
  }

  /**
   * A user-data array field made with several dimensions, in its declaration or in a constructor,
   * is refused by rule as one in a closure is, not left for the compiler to fail on. One made with
   * an initializer is not ({@link ArrayInitializersTest}).
   */
  @Test
  void aUserDataArrayFieldWithSeveralDimensionsIsRefusedByRule(@TempDir Path dir)
      throws IOException {
    String initialized =
        """
        package p;
        @dev.orthrus.annotations.UserData
        final class Tree {
          final Node[] roots = {new Node(), new Node()};
          final Object[] rows = new Node[2][2];
          Object[] leaves;
          Tree() {
            leaves = new Node[][] {{new Node()}};
          }
        }
        """;
    List<Problem> problems = problems(dir, initialized);
    assertEquals(2, problems.size(), problems::toString);
    assertEquals(List.of(5, 8), problems.stream().map(Problem::line).toList());
    for (Problem p : problems) {
      assertTrue(p.construct().contains("several dimensions"), p::toString);
      assertTrue(p.advice().contains("new T[n]"), p::toString);
    }
  }

  /**
   * A user-data array passed to a method outside {@code java.util.Arrays} ({@code
   * System.arraycopy}, a method of the program) is a problem with the file and the line; the
   * instrumentation failed with a NullPointerException.
   */
  @Test
  void aUserDataArrayPassedToAnotherMethodIsAProblemNotACrash(@TempDir Path dir)
      throws IOException {
    String tree =
        """
        package p;
        @dev.orthrus.annotations.UserData
        final class Tree {
          Node[] nodes = new Node[2];
          static int len(Object[] a) { return a.length; }
          int capacity() { return len(nodes); }
          @dev.orthrus.annotations.Closure
          void grow() {
            Node[] bigger = new Node[nodes.length * 2];
            System.arraycopy(nodes, 0, bigger, 0, nodes.length);
          }
        }
        """;
    List<Problem> problems = problems(dir, tree);
    assertEquals(List.of(6, 10), problems.stream().map(Problem::line).toList(), problems::toString);
    for (Problem p : problems) {
      assertTrue(p.construct().contains("the user-data array nodes used as a value"), p::toString);
    }
  }

  /**
   * A compound assignment to a computed object's field, used as a value, whose right operand runs
   * code: the field must be read before the operand runs, and the object cannot be put in a local
   * first inside an expression. As a statement of its own it is rewritten ({@link
   * CompoundAssignmentOrderTest}).
   */
  @Test
  void aCompoundAssignmentUsedAsAValueToAComputedObjectIsRefused(@TempDir Path dir)
      throws IOException {
    String tree =
        """
        package p;
        @dev.orthrus.annotations.UserData
        final class Tree {
          Node root = new Node();
          long bump() { return 1; }
          Node root() { return root; }
          @dev.orthrus.annotations.Closure
          long grow() {
            root().value += bump();
            return root().value += bump();
          }
        }
        """;
    assertOne(problems(dir, tree), 10, "a compound assignment used as a value");
  }

  @Test
  void subclassFieldsAVersionCannotExtendAreRefused(@TempDir Path dir) throws IOException {
    // A superclass with final fields only is no versioned handle to extend.
    String finals =
        """
        package p;
        @dev.orthrus.annotations.UserData
        class Tree extends Base {
          long size;
        }
        @dev.orthrus.annotations.UserData
        class Base {
          final long id = 1;
        }
        """;
    assertOne(problems(dir.resolve("finals"), finals), 2, "which has none");
    String hiding =
        """
        package p;
        @dev.orthrus.annotations.UserData
        class Tree extends Base {
          long size;
        }
        @dev.orthrus.annotations.UserData
        class Base {
          private long size;
        }
        """;
    assertOne(problems(dir.resolve("hiding"), hiding), 4, "hides a superclass's field");
  }

  /**
   * A version's constructor takes every field the version carries, and a Java method takes at most
   * 255 parameter slots: a class at the limit builds and computes what vanilla does, one field more
   * is refused by rule, where javac's "too many parameters" was reported as a rewriter bug.
   */
  @Test
  void aUserDataClassWithMoreFieldsThanAVersionCanCarryIsRefused(@TempDir Path dir)
      throws Exception {
    // 124 longs, a String (its kept hash takes two slots) and two ints: 252 slots.
    sources(dir.resolve("fits"), wide(124));
    Builds.assertSameAsVanilla(
        dir.resolve("fits/src"),
        dir.resolve("fits"),
        loader -> {
          var touch = loader.loadClass("p.Tree").getMethod("touch", long.class);
          Object tree = loader.loadClass("p.Tree").getConstructor().newInstance();
          long sum = 0;
          for (int i = 0; i < 20; i++) {
            sum += (long) touch.invoke(tree, i);
          }
          return sum;
        },
        20);
    assertOne(problems(dir.resolve("over"), wide(125)), 2, "carries 128 mutable fields");
  }

  /**
   * A field named as a type that generated code names in expressions ({@code Checksum.bits(...)})
   * obscures the type there (JLS 6.4.2), and the generated source does not compile: the problem
   * names the field, on its line, instead of a rewriter bug.
   */
  @Test
  void aFieldThatObscuresATypeTheGeneratedCodeNamesIsNamed(@TempDir Path dir) throws IOException {
    String obscuring =
        """
        package p;
        @dev.orthrus.annotations.UserData
        class Tree {
          long size;
          long Checksum;
          @dev.orthrus.annotations.Closure
          long grow(long n) {
            size += n;
            Checksum ^= n;
            return size;
          }
        }
        """;
    List<Problem> problems = problems(dir, obscuring);
    assertOne(problems, 5, "a field named Checksum");
    assertTrue(
        problems.get(0).construct().contains("obscures the type Checksum"), problems::toString);
  }

  /** A user-data class with {@code longs} long fields, a String and two ints, and a closure. */
  private static String wide(int longs) {
    StringBuilder s = new StringBuilder("package p;\n@dev.orthrus.annotations.UserData\n");
    s.append("public class Tree {\n");
    for (int i = 0; i < longs; i++) {
      s.append("  long f").append(i).append(";\n");
    }
    s.append("  String name = \"n\";\n  int a;\n  int b;\n");
    s.append("  @dev.orthrus.annotations.Closure\n  public long touch(long x) {\n");
    s.append("    f0 += x;\n    f").append(longs - 1).append(" = f0 * 2;\n");
    s.append("    name = name.length() > 6 ? \"n\" : name + x;\n    a++;\n");
    s.append("    return f0 + f").append(longs - 1).append(" + a + b + name.length();\n  }\n}\n");
    return s.toString();
  }

  @Test
  void aClassPathWithoutTheRuntimeIsRefusedBeforeAnythingIsCompiled(@TempDir Path dir)
      throws IOException {
    sources(dir, null);
    List<Path> withoutRuntime =
        Builds.classPath().stream().filter(p -> !p.toString().contains("orthrus-runtime")).toList();
    InstrumentException e = refused(dir, withoutRuntime, dir.resolve("classes"));
    assertEquals(1, e.problems().size(), e::getMessage);
    assertTrue(e.getMessage().contains("orthrus-runtime is not on the class path"), e::getMessage);
    assertFalse(Files.exists(dir.resolve("classes")), "nothing compiled");
  }

  /**
   * When the generated sources do not compile (a rewriter bug), the class output keeps what the
   * vanilla build wrote: no protected class of a file that compiled lands beside the vanilla
   * classes of one that did not (trial 4). The runtime here lacks {@code CallSite}, which only the
   * closure's file needs.
   */
  @Test
  void generatedSourcesThatDoNotCompileLeaveTheClassOutputAlone(@TempDir Path dir)
      throws IOException {
    sources(
        dir,
        """
        package p;
        final class Tree {
          @dev.orthrus.annotations.Closure
          static long sum(Node n) {
            return n.value;
          }
        }
        """);
    Path runtime =
        Builds.classPath().stream()
            .filter(p -> p.toString().contains("orthrus-runtime"))
            .findFirst()
            .orElseThrow();
    Path partial = dir.resolve("partial-runtime");
    copyAllBut(runtime, partial, "dev/orthrus/runtime/api/CallSite.class");
    List<Path> classPath = new ArrayList<>(Builds.classPath());
    classPath.set(classPath.indexOf(runtime), partial);
    Path classes = dir.resolve("classes");
    Files.createDirectories(classes.resolve("p"));
    Files.writeString(classes.resolve("p/Node.class"), "vanilla");
    InstrumentException e = refused(dir, classPath, classes);
    assertTrue(e.getMessage().contains("the generated source does not compile"), e::getMessage);
    assertEquals("vanilla", Files.readString(classes.resolve("p/Node.class")));
    try (Stream<Path> files = Files.list(classes.resolve("p"))) {
      assertEquals(List.of("Node.class"), files.map(f -> f.getFileName().toString()).toList());
    }
  }

  /** Instruments {@code dir/src} against {@code classPath}; returns why it was refused. */
  private static InstrumentException refused(Path dir, List<Path> classPath, Path classes) {
    return assertThrows(
        InstrumentException.class,
        () ->
            Instrumenter.instrument(
                new InstrumentRequest(
                    List.of(dir.resolve("src")),
                    classPath,
                    dir.resolve("generated"),
                    classes,
                    17)));
  }

  /** Copies a class folder or jar to the folder {@code to}, leaving out {@code left}. */
  private static void copyAllBut(Path from, Path to, String left) throws IOException {
    try (FileSystem jar =
        Files.isDirectory(from) ? null : FileSystems.newFileSystem(from, (ClassLoader) null)) {
      Path root = jar == null ? from : jar.getPath("/");
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          String name = root.relativize(f).toString();
          if (!name.equals(left)) {
            Path target = to.resolve(name);
            Files.createDirectories(target.getParent());
            Files.copy(f, target);
          }
        }
      }
    }
  }

  @Test
  void aSyntaxErrorIsReportedWithItsLine(@TempDir Path dir) throws IOException {
    List<Problem> problems =
        problems(dir, "package p;\nfinal class Tree {\n  void f() { int x = ; }\n}\n");
    assertTrue(problems.stream().anyMatch(p -> p.line() == 3), problems::toString);
  }

  /**
   * A local class declared in a closure that reads user data: the closure's variants copy its body
   * and the class with it (trial 6 failed to compile the copies). Named, as an anonymous class is.
   */
  @Test
  void aLocalClassThatTouchesUserDataInsideAClosureIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            final class Tree {
              @Closure static long twice(Node n) {
                class Acc {
                  long read(Node x) { return x.value * 2; }
                }
                return new Acc().read(n);
              }
            }
            """),
        5,
        "a local class that touches user data");
  }

  /**
   * A closure that is an interface's default method (trial 6: the generated code did not compile).
   * The processor's rule names it, before the rewriter would.
   */
  @Test
  void aDefaultMethodClosureIsNamed(@TempDir Path dir) throws IOException {
    List<Problem> problems =
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            interface Tree {
              @Closure default long value(Node n) {
                return n.value;
              }
            }
            """);
    assertEquals(1, problems.size(), problems::toString);
    Problem p = problems.get(0);
    assertEquals(4, p.line(), p::toString);
    assertTrue(p.construct().startsWith("[orthrus.closure.owner] "), p::toString);
    assertTrue(p.construct().contains("an interface's default method"), p::toString);
  }

  /**
   * Trial 7: {@code Collections.shuffle(list, rnd)} with the service's generator drew from it again
   * on the validator (a false detection, and the application's later draws changed). A generator
   * the closure makes from a seed is its own and is fine.
   */
  @Test
  void aSharedGeneratorPassedToAJdkCallIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import java.util.*;
            final class Tree {
              private final Node root = new Node();
              private final Random rnd = new Random(7);
              @Closure long pick(List<Long> xs) {
                List<Long> own = new ArrayList<>(xs);
                Collections.shuffle(own, new Random(root.value));
                Random seeded = new Random(3);
                Collections.shuffle(own, seeded);
                Collections.shuffle(own, rnd);
                return own.get(0);
              }
            }
            """),
        12,
        "a random generator the closure did not make");
  }

  /**
   * An outside trial: a closure adding to an array that a getter of the program returned (a
   * thread-local's) ran each addition twice, the validator's into the application's array, and the
   * program's total differed from vanilla's. Such writes are named (the processor names writes into
   * a static field's array).
   */
  @Test
  void aWriteIntoAnArrayAGetterReturnedIsNamed(@TempDir Path dir) throws IOException {
    List<Problem> found =
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            final class Tree {
              private final Node root = new Node();
              @Closure long count(long x) {
                long[] t = Trace.current();
                t[0] += x;
                Trace.current()[0] += root.value;
                long[] mine = Trace.fresh();
                mine[0] = x;
                return t[0] + mine[0];
              }
            }
            final class Trace {
              private static final ThreadLocal<long[]> CURRENT =
                  ThreadLocal.withInitial(() -> new long[1]);
              static long[] current() { return CURRENT.get(); }
              static long[] fresh() { return new long[1]; }
            }
            """);
    assertEquals(
        List.of(7, 8), found.stream().map(Problem::line).sorted().toList(), found::toString);
  }

  /**
   * Trial 8: a closure counting in an array its service's map holds ran the increment twice, once
   * in the application and once in the validator, which gets the same array from the log. Writes
   * into arrays a recorded call returned are named, through a local or not; reading them, and
   * writing a copy, is fine.
   */
  @Test
  void aWriteIntoAnArrayARecordedCallReturnedIsNamed(@TempDir Path dir) throws IOException {
    List<Problem> found =
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import java.util.*;
            final class Tree {
              private final Node root = new Node();
              private final Map<String, long[]> counters = new HashMap<>();
              private final List<String> names = new ArrayList<>();
              @Closure long count(String k) {
                long[] c = counters.get(k);
                c[0]++;
                counters.get(k)[1] += root.value;
                Object[] all = names.toArray();
                all[0] = "x";
                long[] copy = counters.get(k).clone();
                copy[0] = 5;
                return c[0] + copy[0] + all.length;
              }
            }
            """);
    assertEquals(3, found.size(), found::toString);
    assertEquals(List.of(10, 11, 13), found.stream().map(Problem::line).sorted().toList());
    for (Problem p : found) {
      assertTrue(
          p.construct().contains("a write into an array the application holds"), p::toString);
      assertTrue(p.advice().contains("merge"), p::toString);
    }
  }

  /**
   * Trial 9: a closure iterates a copy of a service's collection (a snapshot the log gives the
   * validator too), so {@code it.remove()} or {@code e.setValue(v)} threw {@code
   * UnsupportedOperationException} in logged executions only. They are named at build time; reading
   * through the iterator and the entries, and changing the collection through its own calls, are
   * fine.
   */
  @Test
  void aChangeThroughAnIteratorOrEntryOfASnapshotIsNamed(@TempDir Path dir) throws IOException {
    List<Problem> found =
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import java.util.*;
            final class Tree {
              private final Node root = new Node();
              private final List<String> names = new ArrayList<>();
              private final Map<String, Long> limits = new HashMap<>();
              @Closure long prune(String k) {
                Iterator<String> it = names.iterator();
                while (it.hasNext()) {
                  if (it.next().equals(k)) {
                    it.remove();
                  }
                }
                for (Map.Entry<String, Long> e : limits.entrySet()) {
                  e.setValue(e.getValue() + root.value);
                }
                names.removeIf(n -> n.isEmpty());
                return names.size();
              }
            }
            """);
    assertEquals(List.of(12, 16), found.stream().map(Problem::line).sorted().toList());
    for (Problem p : found) {
      assertTrue(p.construct().contains("through an iterator or an entry"), p::toString);
      assertTrue(p.advice().contains("removeIf"), p::toString);
    }
  }

  /** Trial 7: the clone shared the original's versions, a false detection on every closure. */
  @Test
  void superCloneInAUserDataClassIsNamed(@TempDir Path dir) throws IOException {
    List<Problem> problems =
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            @dev.orthrus.annotations.UserData
            final class Tree implements Cloneable {
              static int made;
              long hits;
              String name;
              @Override public Tree clone() {
                try {
                  return (Tree) super.clone();
                } catch (CloneNotSupportedException e) {
                  throw new AssertionError(e);
                }
              }
              @Closure long hit() { return ++hits; }
            }
            """);
    assertOne(problems, 10, "super.clone() in a user-data class");
    // The copy the advice shows passes the class's own instance fields.
    assertTrue(
        problems.get(0).advice().contains("(return new Tree(hits, name);)"), problems::toString);
  }

  @Test
  void aUserDataArrayPassedToAMethodIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            final class Tree {
              private final Node root = new Node();
              @Closure int count() {
                return java.util.Arrays.asList(root.kids).size();
              }
            }
            """),
        6,
        "used as a value");
  }

  @Test
  void anArrayMadeElsewhereAssignedToAUserDataArrayIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            final class Tree {
              private final Node root = new Node();
              @Closure int grow() {
                root.kids = bigger();
                return 1;
              }
              private static Node[] bigger() {
                return new Node[8];
              }
            }
            """),
        6,
        "an array made elsewhere");
  }

  /**
   * A new array built in a local and then assigned (copy-on-write growth): the local is a Java
   * array, the field a VersionedArray. An outside trial found "made elsewhere (a call's result, a
   * parameter, a copy)" named none of what its code did.
   */
  @Test
  void aLocalArrayAssignedToAUserDataArrayIsNamedAsALocal(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            final class Tree {
              private final Node root = new Node();
              @Closure int grow() {
                Node[] bigger = new Node[8];
                root.kids = bigger;
                return 1;
              }
            }
            """),
        7,
        "an array held in the local bigger, a Java array, assigned to the user-data array kids");
  }

  /**
   * A Java array of a subclass may be held as one of its superclass, where a store of another type
   * throws; user-data arrays are not covariant, so one field assigned another of another element
   * type is named once, at the assignment, not left for javac to refuse in the generated source.
   */
  @Test
  void aUserDataArrayAssignedOneOfAnotherElementTypeIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            @dev.orthrus.annotations.UserData
            final class Tree {
              Object[] any = new Object[2];
              Node[] nodes = new Node[2];
              @Closure boolean share() {
                any = nodes;
                return any == nodes;
              }
            }
            """),
        8,
        "a user-data array of type p.Node[] assigned to one of type java.lang.Object[]");
  }

  /** A constructor that writes a field of another user-data object is named as a write. */
  @Test
  void aConstructorWritingAnotherObjectsFieldIsNamedAsAWrite(@TempDir Path dir) throws IOException {
    List<Problem> problems =
        problems(
            dir,
            """
            package p;
            @dev.orthrus.annotations.UserData
            final class Tree {
              final Node first;
              Tree() {
                Node n = new Node();
                n.value = 5;
                first = n;
              }
            }
            """);
    assertOne(problems, 7, "writes another user-data object's field");
  }

  /**
   * {@code Arrays.sort} of a user-data array is refused with the way to sort it: its comparator may
   * read the array while it is sorted in place, which a sorted copy would not show.
   */
  @Test
  void anArraysSortOfAUserDataArrayIsNamedWithTheCopyToSort(@TempDir Path dir) throws IOException {
    List<Problem> problems =
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            final class Tree {
              private final Node root = new Node();
              @Closure void order() {
                java.util.Arrays.sort(root.kids, (a, b) -> Long.compare(a.value, b.value));
              }
            }
            """);
    assertOne(problems, 6, "Arrays.sort of the user-data array kids in place");
    assertTrue(problems.get(0).advice().contains("var copy = kids.clone()"), problems::toString);
  }

  @Test
  void aSubclassOfAGeneratorMadeWithoutASeedInAClosureIsNamed(@TempDir Path dir)
      throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            final class Tree {
              static final class Dice extends java.util.Random { }
              private final Node root = new Node();
              @Closure long roll() {
                root.value = new Dice().nextInt(6);
                return root.value;
              }
            }
            """),
        7,
        "a subclass of java.util.Random made without a seed");
  }

  /**
   * A SecureRandom cannot be given a seed, and recording the object would have a validator draw
   * from APP's generator again (outside trial 14: the build passed and most executions went
   * unvalidated).
   */
  @Test
  void aSecureRandomMadeInAClosureIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            final class Tree {
              private final Node root = new Node();
              @Closure long roll() {
                root.value = new java.security.SecureRandom().nextInt(6);
                return root.value;
              }
            }
            """),
        6,
        "a SecureRandom made inside a closure");
  }

  @Test
  void anAnonymousClassThatTouchesUserDataInAClosureIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import java.util.function.LongSupplier;
            final class Tree {
              private final Node root = new Node();
              @Closure long total() {
                LongSupplier s = new LongSupplier() {
                  @Override public long getAsLong() { return root.value; }
                };
                return s.getAsLong();
              }
            }
            """),
        7,
        "anonymous class");
  }

  /** A local that calls only run or take may keep one (KeptFunctionsTest); one that escapes not. */
  @Test
  void aKeptMethodReferenceThatTouchesUserDataInAClosureIsNamed(@TempDir Path dir)
      throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import java.util.function.LongSupplier;
            final class Tree {
              private final Node root = new Node();
              private long value() { return root.value; }
              @Closure long total() {
                LongSupplier s = this::value;
                LongSupplier t = s;
                return t.getAsLong();
              }
            }
            """),
        8,
        "kept");
  }

  /**
   * A local that holds a user-data array may be indexed, looped over and compared (ArrayLoopsTest);
   * passed on or assigned again, it is named at the use.
   */
  @Test
  void aLocalHoldingAUserDataArrayUsedAsAValueIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import dev.orthrus.annotations.UserData;
            @UserData
            final class Tree {
              private final Node[] kids = new Node[2];
              @Closure int count() {
                Node[] k = kids;
                return java.util.Arrays.asList(k).size() + k.length;
              }
            }
            """),
        9,
        "the local k used as a value");
    assertOne(
        problems(
            dir.resolve("again"),
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import dev.orthrus.annotations.UserData;
            @UserData
            final class Tree {
              private final Node[] kids = new Node[2];
              @Closure int count() {
                Node[] k = kids;
                k = new Node[3];
                return k.length;
              }
            }
            """),
        9,
        "assigned again");
  }

  @Test
  void aKeptLambdaThatACallDoesNotTakeIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import java.util.function.LongSupplier;
            final class Tree {
              private final Node root = new Node();
              @Closure long total() {
                LongSupplier s = () -> root.value;
                Runnable later = () -> s.getAsLong();
                later.run();
                return s.getAsLong();
              }
            }
            """),
        7,
        "kept");
  }

  @Test
  void aMethodReferenceThroughAnotherReceiverIsNamed(@TempDir Path dir) throws IOException {
    assertOne(
        problems(
            dir,
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import java.util.stream.LongStream;
            final class Tree {
              private final Node root = new Node();
              private final Tree other = this;
              private long plus(long x) { return x + root.value; }
              @Closure long total() {
                return LongStream.of(1, 2).map(other::plus).sum();
              }
            }
            """),
        9,
        "through other");
  }

  @Test
  void aSamePackageTypeNamedLikeARuntimeClassThatTheFileUsesIsAProblem(@TempDir Path dir)
      throws IOException {
    Path src = dir.resolve("src/p");
    Files.createDirectories(src);
    Files.writeString(
        src.resolve("Version.java"),
        """
        package p;
        final class Version {
          static final int CURRENT = 3;
        }
        """);
    // Node uses p.Version: the generated import of the runtime's Version would shadow it.
    Files.writeString(
        src.resolve("Node.java"),
        """
        package p;
        @dev.orthrus.annotations.UserData
        final class Node {
          long value = Version.CURRENT;
        }
        """);
    // Leaf does not use it (only a comment names Version): no problem there.
    Files.writeString(
        src.resolve("Leaf.java"),
        """
        package p;
        /** Not a Version. */
        @dev.orthrus.annotations.UserData
        final class Leaf {
          long weight;
        }
        """);
    InstrumentException e =
        assertThrows(InstrumentException.class, () -> Builds.instrument(dir.resolve("src"), dir));
    assertEquals(1, e.problems().size(), e.problems()::toString);
    Problem p = e.problems().get(0);
    // Named in the user's source, not as a generated source that fails to compile.
    assertEquals(dir.resolve("src/p/Node.java").toAbsolutePath(), p.file().toAbsolutePath());
    assertTrue(p.construct().contains("uses Version, a type of its package"), p::toString);
  }
}
