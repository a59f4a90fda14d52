package dev.orthrus.maven;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A skipped build after a protected one: protected classes still in place fail it, and only then.
 */
class ProtectedClassesTest {

  @TempDir Path target;

  private Path classes() {
    return target.resolve("classes");
  }

  private Path writeClass(String name, String content, long millis) throws IOException {
    Path file = classes().resolve("shop").resolve(name + ".class");
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    Files.setLastModifiedTime(file, FileTime.from(Instant.ofEpochMilli(millis)));
    return file;
  }

  /** compile wrote Tally and Prices; instrumentation rewrote Tally only. */
  private ProtectedClasses protectedBuild() throws Exception {
    writeClass("Tally", "vanilla", 1_000);
    writeClass("Prices", "plain", 1_000);
    ProtectedClasses.Snapshot before = ProtectedClasses.snapshot(classes());
    writeClass("Tally", "protected!", 2_000);
    ProtectedClasses record = ProtectedClasses.of(target.toString());
    record.record(before, ProtectedClasses.snapshot(classes()));
    return record;
  }

  @Test
  void skipFailsWhileAProtectedClassIsUnchanged() throws Exception {
    ProtectedClasses record = protectedBuild();
    MojoFailureException e = assertThrows(MojoFailureException.class, record::checkGone);
    assertTrue(e.getMessage().contains("1 class file is still the protected ones"), e.getMessage());
    assertTrue(e.getMessage().contains("Tally.class"), e.getMessage());
    assertTrue(e.getMessage().contains("mvn clean"), e.getMessage());
  }

  @Test
  void skipPassesOnceTheCompilerRewroteTheProtectedClass() throws Exception {
    ProtectedClasses record = protectedBuild();
    writeClass("Tally", "vanilla", 3_000);
    assertDoesNotThrow(record::checkGone);
    assertFalse(Files.exists(target.resolve(ProtectedClasses.LIST)), "the record is forgotten");
    assertDoesNotThrow(record::checkGone);
  }

  @Test
  void aClassTheInstrumentationLeftAloneNeverCounts() throws Exception {
    ProtectedClasses record = protectedBuild();
    Files.delete(classes().resolve("shop/Tally.class"));
    // Prices.class is exactly as it was, but it was compile's, not the instrumentation's.
    assertDoesNotThrow(record::checkGone);
  }

  @Test
  void noProtectedBuildNoFailure() {
    assertDoesNotThrow(ProtectedClasses.of(target.toString())::checkGone);
  }
}
