package dev.orthrus.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the goal sums what the test JVMs wrote. */
class TestSummaryTest {

  @Test
  void theSummariesOfThisBuildAreSummedAndEveryFileIsRemoved(@TempDir Path runs) throws Exception {
    long start = System.currentTimeMillis();
    write(runs, "summary-11.properties", 120, 3, 0, 0, "orthrus: not validated: a 3 (why)");
    write(runs, "summary-12.properties", 80, 0, 2, 1, null);
    Path old = write(runs, "summary-5.properties", 1_000, 0, 9, 0, null);
    Files.setLastModifiedTime(old, FileTime.fromMillis(start - 60_000));
    Files.writeString(runs.resolve("summary-13.properties"), "validated=lots\n");
    Files.writeString(runs.resolve("notes.txt"), "not a summary");

    TestSummaryMojo.Summary s = TestSummaryMojo.Summary.read(List.of(runs), start - 1_000);

    assertEquals(2, s.testJvms);
    assertEquals(200, s.validated);
    assertEquals(3, s.notValidated);
    assertEquals(2, s.detections, "the previous build's 9 are not this build's");
    assertEquals(List.of("orthrus: not validated: a 3 (why)"), List.copyOf(s.reasons));
    assertEquals(List.of("repro"), List.copyOf(s.reproducers));
    assertTrue(s.sampled, "summary-12 logged a sample");
    assertEquals(List.of("orthrus: SDC detected in closure pay"), s.detectionLines);
    assertEquals(1, s.unreadable.size());
    assertTrue(
        s.unreadable.get(0).contains("no whole number validated (lots)"), s.unreadable.get(0));
    try (var left = Files.list(runs)) {
      assertEquals(List.of(runs.resolve("notes.txt")), left.toList());
    }
  }

  @Test
  void noFolderIsNoTestJvm(@TempDir Path build) throws Exception {
    TestSummaryMojo.Summary s = TestSummaryMojo.Summary.read(List.of(build.resolve("absent")), 0);
    assertEquals(0, s.testJvms);
    assertFalse(Files.exists(build.resolve("absent")));
  }

  @Test
  void testJvmsRunInAFolderOfTheirOwnAreCountedToo(@TempDir Path build) throws Exception {
    Path module = Files.createDirectories(build.resolve("target/orthrus/test-runs"));
    Path forks = Files.createDirectories(build.resolve("forks/target/orthrus/test-runs"));
    write(module, "summary-1.properties", 10, 0, 0, 0, null);
    write(forks, "summary-2.properties", 5, 1, 0, 0, null);

    TestSummaryMojo.Summary s = TestSummaryMojo.Summary.read(List.of(module, forks), 0);

    assertEquals(2, s.testJvms);
    assertEquals(15, s.validated);
    assertEquals(1, s.notValidated);
  }

  @Test
  void theWorkingDirectoriesOfTheTestPluginAreRead() {
    Plugin surefire = new Plugin();
    surefire.setConfiguration(configuration("workingDirectory", "forks"));
    PluginExecution other = new PluginExecution();
    other.setConfiguration(configuration("workingDirectory", " ${basedir}/slow "));
    surefire.addExecution(other);
    PluginExecution plain = new PluginExecution();
    plain.setConfiguration(configuration("forkCount", "2"));
    surefire.addExecution(plain);

    assertEquals(List.of("forks", "${basedir}/slow"), TestSummaryMojo.workingDirectories(surefire));
    assertEquals(List.of(), TestSummaryMojo.workingDirectories(new Plugin()));
    assertEquals(List.of(), TestSummaryMojo.workingDirectories(null));
  }

  private static Xpp3Dom configuration(String name, String value) {
    Xpp3Dom configuration = new Xpp3Dom("configuration");
    Xpp3Dom child = new Xpp3Dom(name);
    child.setValue(value);
    configuration.addChild(child);
    return configuration;
  }

  private static Path write(
      Path runs,
      String name,
      long validated,
      long notValidated,
      long detections,
      long reproducers,
      String reason)
      throws Exception {
    String text =
        "validated="
            + validated
            + "\nnotValidated="
            + notValidated
            + "\ndetections="
            + detections
            + "\nreproducersWritten="
            + reproducers
            + "\nreproducerFolder=repro\nsummary=orthrus\\: ...\n"
            + "everyExecution="
            + (detections == 0)
            + "\n"
            + (detections == 0 ? "" : "detection.1=orthrus\\: SDC detected in closure pay\n")
            + (reason == null ? "" : "notValidatedSummary=" + reason.replace(":", "\\:") + "\n");
    return Files.writeString(runs.resolve(name), text, StandardCharsets.UTF_8);
  }
}
