package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code of the sources that the JVM runs as written from a closure, where the rewriter makes no call
 * that could run its logged variant ({@code src/test/resources/run-as-written}): {@code close()} at
 * the end of a try-with-resources on user data held as an {@code AutoCloseable}, {@code iterator()}
 * of a user-data {@code Iterable} in a for-each, a plain class's constructor that reads user data,
 * the {@code getMessage()} override, reading user data, of an exception a closure throws
 * (validation calls it), a plain {@code Iterator} over user-data nodes called through the interface
 * or by a for-each, and a user-data class's copy constructor. A validator refuses those reads, so
 * every execution that gets there is not validated; an outside trial found each with nothing said
 * at build time. The build names each use with its line; a similar closure that does not do it (a
 * resource, a loop, an exception or an iterator that reads no user data, a method instead of the
 * constructor, an exception the closure catches itself) is not named, and its executions are
 * validated.
 */
class RunAsWrittenTest {

  private static final Path SOURCES = Path.of("src/test/resources/run-as-written");
  private static final List<String> CLASSES =
      List.of("Resource", "Bag", "Level", "Raiser", "Walk", "Copies");

  @TempDir static Path out;
  private static InstrumentResult result;

  @BeforeAll
  static void instrument() throws Exception {
    result = Builds.instrument(SOURCES, out);
  }

  @Test
  void closeOfAUserDataResourceAtTheEndOfTryWithResourcesIsNamedOnlyThroughAJdkType() {
    assertNamed(
        "gaps.Resource#useAny(int)",
        "Resource.close() called by try-with-resources (Resource.java:56), which runs it as"
            + " written");
    // Of its own type, the logged variants call its close()'s (ClosedResourcesTest).
    assertNotNamed("gaps.Resource#use(int)");
    assertNotNamed("gaps.Resource#useQuiet(int)");
  }

  @Test
  void iteratorOfAUserDataIterableInAForEachIsNamed() {
    assertNamed(
        "gaps.Bag#total()",
        "Bag.iterator() called by for-each (Bag.java:24), which runs it as written");
    assertNamed(
        "gaps.Bag#counted()",
        "Bag.iterator() called by Iterable.forEach(...) (Bag.java:34), which runs it as written");
    assertNotNamed("gaps.Bag#listed()");
  }

  @Test
  void aPlainConstructorThatReadsUserDataIsNamed() {
    assertNamed(
        "gaps.Level#cursor(int)",
        "new Cursor(...) (Level.java:37), whose constructor runs as written");
    assertNotNamed("gaps.Level#marked(int)");
  }

  /**
   * A user-data class's copy constructor reads the other object as written; a validator refuses
   * that read of an object it did not make. It was not named, and its closures went unvalidated
   * without a word. Its own constructor, which reads nothing of another object, is not named.
   */
  @Test
  void aUserDataCopyConstructorIsNamed() {
    assertNamed(
        "gaps.Copies#snapshot(gaps.Copies,long)",
        "new Copies(...) (Copies.java:31), whose constructor runs as written and reads another"
            + " Copies");
    assertNotNamed("gaps.Copies#opened(long)");
  }

  @Test
  void getMessageReadingUserDataOfAThrownExceptionIsNamed() {
    assertNamed(
        "gaps.Raiser#raise(int)",
        "LevelException.getMessage() of the exception thrown (Raiser.java:38), which validation"
            + " runs as written");
    assertNotNamed("gaps.Raiser#raisePlain(int)");
    // throw new RuntimeException(...): a RuntimeException, not a LevelException.
    assertNotNamed("gaps.Raiser#raiseWrapped(int)");
    assertNotNamed("gaps.Raiser#raiseCaught(int)");
  }

  @Test
  void aPlainIteratorReadingUserDataThroughTheInterfaceOrAForEachIsNamed() {
    assertNamed(
        "gaps.Walk#walk(gaps.Walk$Node)",
        "NodeIt.next() called through Iterator (Walk.java:61), which runs it as written");
    assertNamed(
        "gaps.Walk#walkAll(gaps.Walk$Node)",
        "NodeIt.next() called by for-each (Walk.java:81), which runs it as written");
    assertNotNamed("gaps.Walk#walkOwn(gaps.Walk$Node)");
  }

  @Test
  void theBuildWarnsOncePerClosureNamedAndItsLineSaysWhere() {
    List<String> warnings = result.notValidatedWarnings();
    assertEquals(8, warnings.size(), warnings::toString);
    assertTrue(
        warnings.contains(
            "gaps.Level#cursor(int): its executions that reach new Cursor(...) (Level.java:37),"
                + " whose constructor runs as written are not validated when that code reads or"
                + " writes user data that can change (the log does not follow it; code that reads"
                + " only final fields is validated; docs/rewriter.md#known-gaps says why and what"
                + " to change)"),
        warnings::toString);
  }

  /** At run time, the closures named are exactly those whose executions are not validated. */
  @Test
  void theClosuresNamedAreTheOnesNotValidated(@TempDir Path run) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        run,
        loader -> {
          List<Object> results = new ArrayList<>();
          for (String name : CLASSES) {
            results.add(
                loader.loadClass("gaps." + name).getMethod("drive", int.class).invoke(null, 40));
          }
          return results;
        },
        rt -> {
          assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
          Set<String> notValidated = new TreeSet<>();
          rt.notValidatedByClosure().forEach(n -> notValidated.add(n.closure()));
          assertEquals(
              Set.of(
                  "useAny", "total", "counted", "cursor", "raise", "walk", "walkAll", "snapshot"),
              notValidated,
              () -> rt.notValidatedByClosure().toString());
          // The nine closures not named, 40 executions each, and raise's that did not throw.
          assertEquals(
              9 * 40 + 20, rt.validatedCount(), () -> rt.notValidatedByClosure().toString());
          assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
        });
  }

  private static void assertNamed(String closure, String use) {
    assertEquals(List.of(use), result.notValidated().get(closure), result.notValidated()::toString);
  }

  private static void assertNotNamed(String closure) {
    assertTrue(result.closures().contains(closure), () -> closure + " in " + result.closures());
    assertNull(result.notValidated().get(closure), result.notValidated()::toString);
  }
}
