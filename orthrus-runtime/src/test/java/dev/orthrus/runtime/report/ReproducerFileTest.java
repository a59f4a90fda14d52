package dev.orthrus.runtime.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.validate.Mismatch;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class ReproducerFileTest {

  @TempDir Path dir;

  private byte[] valid() throws Exception {
    return withArgs(new Object[0]);
  }

  private static byte[] withArgs(Object[] refArgs) throws Exception {
    return ReproducerFile.encode(snapshot(refArgs, null));
  }

  /** A file's snapshot of {@code x.Y#f()} with {@code refArgs} and {@code classDigests}. */
  private static ReproducerFile.Snapshot snapshot(Object[] refArgs, String[] classDigests) {
    return new ReproducerFile.Snapshot(
        ReproducerFile.FORMAT_VERSION,
        "x.Y#f()",
        "f",
        0,
        "main",
        0,
        1,
        "RESULT",
        "d",
        "1",
        "2",
        null,
        refArgs,
        new long[0],
        new Version[0],
        new Version[0],
        new Object[0],
        new long[0],
        new Object[0],
        ResultKind.BITS,
        2,
        null,
        classDigests);
  }

  private static byte[] withClosure(String closureId, String mismatchKind, long[] bitsArgs)
      throws Exception {
    return ReproducerFile.encode(
        new ReproducerFile.Snapshot(
            ReproducerFile.FORMAT_VERSION,
            closureId,
            "f",
            0,
            "main",
            0,
            1,
            mismatchKind,
            "d",
            "1",
            "2",
            null,
            new Object[0],
            bitsArgs,
            new Version[0],
            new Version[0],
            new Object[0],
            new long[0],
            new Object[0],
            ResultKind.BITS,
            2,
            null,
            null));
  }

  /** The nested sets of a deserialization bomb: rebuilding them hashes 2^depth sets. */
  static Object nestedSets(int depth) {
    Set<Object> root = new HashSet<>();
    Set<Object> s1 = root;
    Set<Object> s2 = new HashSet<>();
    for (int i = 0; i < depth; i++) {
      Set<Object> t1 = new HashSet<>();
      Set<Object> t2 = new HashSet<>();
      t1.add("x");
      s1.add(t1);
      s1.add(t2);
      s2.add(t1);
      s2.add(t2);
      s1 = t1;
      s2 = t2;
    }
    return root;
  }

  /**
   * A bomb within every count limit: {@code width} sets per level, each holding all sets of the
   * next level, so rebuilding it hashes width^depth sets though it has only width^2 x depth
   * references.
   */
  static Object wideSets(int width, int depth) {
    List<Set<Object>> level = new ArrayList<>();
    for (int j = 0; j < width; j++) {
      level.add(new HashSet<>(Set.of(j)));
    }
    Set<Object> root = new HashSet<>(level);
    for (int i = 1; i < depth; i++) {
      List<Set<Object>> next = new ArrayList<>();
      for (int j = 0; j < width; j++) {
        next.add(new HashSet<>(Set.of(j)));
      }
      for (Set<Object> s : level) {
        s.addAll(next); // the children are still small here: building is cheap
      }
      level = next;
    }
    return root;
  }

  /** Set by {@link Tripwire}'s static initializer. */
  static final AtomicBoolean TRIPPED = new AtomicBoolean();

  private String error(byte[] bytes) throws Exception {
    Path f = dir.resolve("f" + System.nanoTime());
    Files.write(f, bytes);
    return assertThrows(ReproducerFormatException.class, () -> ReproducerFile.read(f)).getMessage();
  }

  @Test
  void validFileRoundTrips() throws Exception {
    Path f = dir.resolve("ok");
    Files.write(f, valid());
    assertTrue(ReproducerFile.read(f).closureId().equals("x.Y#f()"));
  }

  /**
   * A file names the class files the execution ran with; replay names those the program's class
   * path has in another form (rebuilt after a change), and those it lacks.
   */
  @Test
  void replayNamesTheClassesThatChangedSinceTheFileWasWritten() {
    ClassLoader loader = getClass().getClassLoader();
    String self = getClass().getName();
    String[] now = ReproducerFile.classDigests(loader, new TreeSet<>(List.of(self, "x.Gone")));
    assertTrue(now[0].matches(java.util.regex.Pattern.quote(self) + " [0-9a-f]+"), now[0]);
    assertEquals("x.Gone -", now[1]);
    ReproducerFile.Snapshot same = snapshot(new Object[0], new String[] {now[0]});
    assertEquals(List.of(), ReproducerFile.changedClasses(same, loader));
    ReproducerFile.Snapshot changed =
        snapshot(new Object[0], new String[] {self + " 1234", "x.Gone 99", "malformed", null});
    assertEquals(List.of(self, "x.Gone"), ReproducerFile.changedClasses(changed, loader));
    assertEquals(List.of(), ReproducerFile.changedClasses(snapshot(new Object[0], null), loader));
  }

  @Test
  void notAReproducer() throws Exception {
    assertTrue(error("hello world, not a reproducer".getBytes()).contains("not an Orthrus"));
    assertTrue(error(new byte[3]).contains("truncated"));
  }

  @Test
  void truncatedCorruptAndFutureFilesGiveClearErrors() throws Exception {
    byte[] ok = valid();
    assertTrue(error(Arrays.copyOf(ok, ok.length - 10)).contains("truncated"));
    byte[] flipped = ok.clone();
    flipped[flipped.length - 5] ^= 1;
    assertTrue(error(flipped).contains("corrupt"));
    byte[] future = ok.clone();
    future[11] = 9;
    assertTrue(error(future).contains("format version 9"));
  }

  @Test
  void classesOutsideOrthrusTheApplicationAndJdkValuesAreRefused() throws Exception {
    // JDK values and collections are fine.
    Path ok = dir.resolve("values");
    Files.write(
        ok,
        withArgs(
            new Object[] {
              "s",
              3L,
              new java.util.ArrayList<>(java.util.List.of(1)),
              new IllegalStateException("thrown by APP"),
              new java.math.BigInteger("12")
            }));
    assertTrue(ReproducerFile.read(ok, null).refArgs().length == 5);
    // Anything else in the JDK is refused before it is instantiated, with the class named.
    String refused = error(withArgs(new Object[] {java.net.URI.create("http://example.org")}));
    assertTrue(refused.contains("java.net.URI") && refused.contains("may not contain"), refused);
    // A class from outside Orthrus and the JDK (here one of a test library, standing in for the
    // application's) is read only when its loader is the one trusted as the application's.
    Path app = dir.resolve("app");
    Files.write(app, withArgs(new Object[] {new AssertionFailedError("an application value")}));
    assertTrue(
        ReproducerFile.read(app, getClass().getClassLoader()).refArgs()[0]
            instanceof AssertionFailedError);
    ReproducerFormatException e =
        assertThrows(ReproducerFormatException.class, () -> ReproducerFile.read(app, null));
    assertTrue(e.getMessage().contains(AssertionFailedError.class.getName()), e.getMessage());
  }

  /** A record of the program that is not Serializable, as user data often holds one. */
  record Window(String name, long[] counts) {}

  @Test
  void recordsThatAreNotSerializableRoundTripWhenTheirClassIsTrusted() throws Exception {
    Path f = dir.resolve("record");
    Files.write(
        f,
        withArgs(
            new Object[] {new Window("w", new long[] {1, 2}), List.of(new Window("v", null))}));
    Object[] args = ReproducerFile.read(f, getClass().getClassLoader()).refArgs();
    Window w = (Window) args[0];
    assertEquals("w", w.name());
    assertArrayEquals(new long[] {1, 2}, w.counts());
    assertEquals(new Window("v", null), ((List<?>) args[1]).get(0));
    // An image that names a class which is not a record is refused, and nothing is made of it.
    String refused = error(withArgs(new Object[] {new RecordImage("java.net.URI", new Object[0])}));
    assertTrue(refused.contains("java.net.URI"), refused);
  }

  @Test
  void aCompleteFileWithMissingPartsIsABadFile() throws Exception {
    ReproducerFile.Snapshot holes =
        new ReproducerFile.Snapshot(
            ReproducerFile.FORMAT_VERSION,
            "x.Y#f()",
            "f",
            0,
            "main",
            0,
            1,
            "RESULT",
            "d",
            "1",
            "2",
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            2,
            null,
            null);
    String e = error(ReproducerFile.encode(holes));
    assertTrue(e.contains("incomplete") && e.contains("refArgs"), e);
    ReproducerFile.Snapshot nullLoad =
        new ReproducerFile.Snapshot(
            ReproducerFile.FORMAT_VERSION,
            "x.Y#f()",
            "f",
            0,
            "main",
            0,
            1,
            "RESULT",
            "d",
            "1",
            "2",
            null,
            new Object[0],
            new long[0],
            new Version[1],
            new Version[0],
            new Object[0],
            new long[0],
            new Object[0],
            ResultKind.BITS,
            2,
            null,
            null);
    e = error(ReproducerFile.encode(nullLoad));
    assertTrue(e.contains("incomplete") && e.contains("loads"), e);
  }

  @Test
  void anUnknownMismatchKindIsABadFile() throws Exception {
    String e = error(withClosure("x.Y#f()", "COSMIC_RAY", new long[0]));
    assertTrue(e.contains("COSMIC_RAY"), e);
  }

  @Test
  void aHugeFileIsRefusedBeforeItIsRead() throws Exception {
    byte[] header = Arrays.copyOf(valid(), 20);
    Path sparse = dir.resolve("huge.orthrus-repro");
    try (RandomAccessFile f = new RandomAccessFile(sparse.toFile(), "rw")) {
      f.write(header);
      f.setLength(3L << 30); // 3 GB, sparse: nothing is written
    }
    String e =
        assertThrows(ReproducerFormatException.class, () -> ReproducerFile.read(sparse))
            .getMessage();
    assertTrue(e.contains("larger than"), e);
    // A small file whose header declares a huge payload.
    byte[] lying = valid();
    ByteBuffer.wrap(lying).putInt(12, Integer.MAX_VALUE);
    assertTrue(error(lying).contains("payload length"), error(lying));
  }

  @Test
  void trailingBytesAfterThePayloadAreABadFile() throws Exception {
    byte[] ok = valid();
    assertTrue(error(Arrays.copyOf(ok, ok.length + 3)).contains("after its payload"));
  }

  /**
   * A detection whose log holds objects nested deeper than replay reads writes no file that replay
   * would refuse (outside trial 11: a rope of 40 levels), and says why.
   */
  @Test
  void aReproducerReplayWouldRefuseIsNotWritten() throws Exception {
    ClosureBinding binding = ClosureBinding.of("x.Deep#f()", "f", (log, replay) -> {});
    Object deep = null;
    for (int i = 0; i < 40; i++) {
      deep = new Object[] {deep};
    }
    ClosureLog log = withArgument(binding, deep);
    Mismatch mismatch = new Mismatch(MismatchKind.RESULT, "return value", "1", "2");
    Path out = dir.resolve("reproducers");
    Files.createDirectories(out);
    String e =
        assertThrows(IOException.class, () -> ReproducerFile.write(out, log, mismatch, 1))
            .getMessage();
    assertTrue(e.contains("nested deeper"), e);
    try (var files = Files.list(out)) {
      assertEquals(0, files.count());
    }
  }

  /** A log of a static closure's execution with one argument, {@code argument}, and no result. */
  static ClosureLog withArgument(ClosureBinding binding, Object argument) {
    return ClosureLog.restore(
        binding,
        0,
        0,
        "main",
        null,
        new Object[] {argument},
        new long[0],
        new Version[0],
        new Version[0],
        new Object[0],
        new long[0],
        new Object[0],
        ResultKind.NONE,
        0,
        null);
  }

  @Test
  void aDeserializationBombIsRefusedWithoutRunningIt() throws Exception {
    byte[] bomb = withArgs(new Object[] {nestedSets(40)});
    String e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> error(bomb));
    assertTrue(e.contains("nested deeper"), e);
  }

  @Test
  void aBombWithinTheLimitsIsRefusedWhenDecodingTakesTooLong() throws Exception {
    // About 4^12 set hashes: seconds, where a reproducer takes milliseconds.
    byte[] bomb = withArgs(new Object[] {wideSets(4, 12)});
    String e =
        assertThrows(
                ReproducerFormatException.class,
                () -> ReproducerFile.decode(bomb, "bomb", null, Duration.ofMillis(100)))
            .getMessage();
    assertTrue(e.contains("took more than 100 ms"), e);
  }

  @Test
  void aClassNamedByTheFileIsNotInitializedUnlessItDeclaresClosures() throws Exception {
    Path f = dir.resolve("tripwire");
    Files.write(f, withClosure(Tripwire.class.getName() + "#f()", "RESULT", new long[0]));
    ReproducerFile.Snapshot s = ReproducerFile.read(f);
    ReproducerFormatException e =
        assertThrows(
            ReproducerFormatException.class,
            () -> ReproducerFile.replay(s, getClass().getClassLoader(), -1));
    assertTrue(e.getMessage().contains("not known here"), e.getMessage());
    assertFalse(TRIPPED.get(), "the static initializer of a class named by the file ran");
  }

  @Test
  void unknownClosureIsAClearError() throws Exception {
    Path f = dir.resolve("unknown");
    Files.write(f, valid());
    ReproducerFile.Snapshot s = ReproducerFile.read(f);
    ReproducerFormatException e =
        assertThrows(
            ReproducerFormatException.class,
            () -> ReproducerFile.replay(s, getClass().getClassLoader(), -1));
    assertTrue(e.getMessage().contains("not known here"));
  }

  /** A class whose static initializer must not run just because a file names it. */
  static final class Tripwire {
    static {
      TRIPPED.set(true);
    }

    private Tripwire() {}
  }
}
