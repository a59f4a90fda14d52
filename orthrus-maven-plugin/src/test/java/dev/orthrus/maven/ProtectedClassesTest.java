package dev.orthrus.maven;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A skipped build after a protected one: protected classes still in place fail it, and only then;
 * what only the protected build makes is removed.
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

  /**
   * compile wrote Tally and Prices; instrumentation rewrote Tally and added Tally's version class
   * and its report.
   */
  private ProtectedClasses protectedBuild() throws Exception {
    writeClass("Tally", "vanilla", 1_000);
    writeClass("Prices", "plain", 1_000);
    ProtectedClasses.Snapshot before = ProtectedClasses.snapshot(classes());
    writeClass("Tally", "protected!", 2_000);
    writeClass("Tally$V", "version", 2_000);
    Path report = classes().resolve("META-INF/orthrus/instrumentation.json");
    Files.createDirectories(report.getParent());
    Files.writeString(report, "{}");
    ProtectedClasses record = ProtectedClasses.of(target.toString());
    record.record(before, ProtectedClasses.snapshot(classes()));
    return record;
  }

  @Test
  void skipFailsWhileAProtectedClassIsUnchanged() throws Exception {
    ProtectedClasses record = protectedBuild();
    MojoFailureException e = assertThrows(MojoFailureException.class, record::checkGone);
    assertTrue(
        e.getMessage().contains("1 file is still those an earlier protected build wrote"),
        e.getMessage());
    assertTrue(e.getMessage().contains("Tally.class"), e.getMessage());
    assertTrue(e.getMessage().contains("mvn clean"), e.getMessage());
  }

  @Test
  void skipPassesOnceTheCompilerRewroteTheProtectedClassAndRemovesWhatOnlyTheProtectedBuildMakes()
      throws Exception {
    ProtectedClasses record = protectedBuild();
    writeClass("Tally", "vanilla", 3_000);
    List<Path> removed = assertDoesNotThrow(record::checkGone);
    assertEquals(
        Set.of(
            classes().resolve("shop/Tally$V.class"),
            classes().resolve("META-INF/orthrus/instrumentation.json")),
        Set.copyOf(removed));
    assertFalse(Files.exists(classes().resolve("shop/Tally$V.class")));
    assertTrue(Files.exists(classes().resolve("shop/Tally.class")));
    assertTrue(Files.exists(classes().resolve("shop/Prices.class")));
    assertFalse(Files.exists(target.resolve(ProtectedClasses.LIST)), "the record is forgotten");
    assertEquals(List.of(), assertDoesNotThrow(record::checkGone));
  }

  @Test
  void whatOnlyTheProtectedBuildMakesStaysWhileTheSkipFails() throws Exception {
    ProtectedClasses record = protectedBuild();
    assertThrows(MojoFailureException.class, record::checkGone);
    assertTrue(Files.exists(classes().resolve("shop/Tally$V.class")));
    assertTrue(Files.exists(target.resolve(ProtectedClasses.LIST)));
  }

  @Test
  void anAddedFileChangedSinceIsLeftAlone() throws Exception {
    ProtectedClasses record = protectedBuild();
    writeClass("Tally", "vanilla", 3_000);
    writeClass("Tally$V", "the user's own", 3_000);
    assertEquals(
        List.of(classes().resolve("META-INF/orthrus/instrumentation.json")), record.checkGone());
    assertTrue(Files.exists(classes().resolve("shop/Tally$V.class")));
  }

  @Test
  void aClassTheInstrumentationLeftAloneNeverCounts() throws Exception {
    ProtectedClasses record = protectedBuild();
    Files.delete(classes().resolve("shop/Tally.class"));
    // Prices.class is exactly as it was, but it was compile's, not the instrumentation's.
    assertDoesNotThrow(record::checkGone);
  }

  /** A record an earlier plugin wrote ("size time path") still fails the skip. */
  @Test
  void aRecordOfTheEarlierFormatStillCounts() throws Exception {
    Path tally = writeClass("Tally", "protected!", 2_000);
    Path list = target.resolve(ProtectedClasses.LIST);
    Files.createDirectories(list.getParent());
    Files.writeString(list, Files.size(tally) + " 2000 " + tally + "\n");
    assertThrows(MojoFailureException.class, ProtectedClasses.of(target.toString())::checkGone);
  }

  @Test
  void noProtectedBuildNoFailure() {
    assertDoesNotThrow(ProtectedClasses.of(target.toString())::checkGone);
  }
}
