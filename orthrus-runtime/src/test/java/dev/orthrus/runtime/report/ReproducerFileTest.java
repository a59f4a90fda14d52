package dev.orthrus.runtime.report;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class ReproducerFileTest {

  @TempDir Path dir;

  private byte[] valid() throws Exception {
    return withArgs(new Object[0]);
  }

  private static byte[] withArgs(Object[] refArgs) throws Exception {
    return ReproducerFile.encode(new ReproducerFile.Snapshot(1, "x.Y#f()", "f", 0, "main", 0, 1,
        "RESULT", "d", "1", "2", null, refArgs, new long[0], new Version[0],
        new Version[0], new Object[0], new long[0], new Object[0], ResultKind.BITS, 2, null));
  }


  private String error(byte[] bytes) throws Exception {
    Path f = dir.resolve("f" + System.nanoTime());
    Files.write(f, bytes);
    return assertThrows(ReproducerFormatException.class, () -> ReproducerFile.read(f))
        .getMessage();
  }

  @Test
  void validFileRoundTrips() throws Exception {
    Path f = dir.resolve("ok");
    Files.write(f, valid());
    assertTrue(ReproducerFile.read(f).closureId().equals("x.Y#f()"));
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
    Files.write(ok, withArgs(new Object[] {"s", 3L, new java.util.ArrayList<>(java.util.List.of(1)),
        new IllegalStateException("thrown by APP"), new java.math.BigInteger("12")}));
    assertTrue(ReproducerFile.read(ok, null).refArgs().length == 5);
    // Anything else in the JDK is refused before it is instantiated, with the class named.
    String refused = error(withArgs(new Object[] {java.net.URI.create("http://example.org")}));
    assertTrue(refused.contains("java.net.URI") && refused.contains("may not contain"), refused);
    // A class from outside Orthrus and the JDK (here one of a test library, standing in for the
    // application's) is read only when its loader is the one trusted as the application's.
    Path app = dir.resolve("app");
    Files.write(app, withArgs(new Object[] {new AssertionFailedError("an application value")}));
    assertTrue(ReproducerFile.read(app, getClass().getClassLoader()).refArgs()[0]
        instanceof AssertionFailedError);
    ReproducerFormatException e = assertThrows(ReproducerFormatException.class,
        () -> ReproducerFile.read(app, null));
    assertTrue(e.getMessage().contains(AssertionFailedError.class.getName()), e.getMessage());
  }

  @Test
  void unknownClosureIsAClearError() throws Exception {
    Path f = dir.resolve("unknown");
    Files.write(f, valid());
    ReproducerFile.Snapshot s = ReproducerFile.read(f);
    ReproducerFormatException e = assertThrows(ReproducerFormatException.class,
        () -> ReproducerFile.replay(s, getClass().getClassLoader(), -1));
    assertTrue(e.getMessage().contains("not known here"));
  }
}
