package dev.orthrus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.runtime.CraftedReproducers;
import dev.orthrus.model.json.JsonReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The packaged {@code orthrus.jar}, run as a user runs it ({@code java -jar}) on the kvcache
 * sample. Catches what in-process tests cannot: shading, the manifest, service files, and the
 * processor's presence in the jar.
 */
class OrthrusJarIT {

  private static final Path JAR = JavaProcess.ORTHRUS_JAR;
  private static final Path REPO =
      Path.of(System.getProperty("orthrus.repo", "..")).toAbsolutePath().normalize();

  @Test
  @SuppressWarnings("unchecked")
  void analyzesTheKvcacheSampleAsJson() throws Exception {
    assertTrue(
        Files.isRegularFile(JAR), "missing " + JAR + ": run mvn verify, which packages it first");
    JavaProcess.Outcome run =
        JavaProcess.orthrus(
            "analyze", REPO.resolve("samples/kvcache").toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);

    Map<String, Object> report = (Map<String, Object>) JsonReader.parse(run.out());
    assertInstanceOf(Long.class, report.get("schemaVersion"), run::toString);
    List<Object> closures = (List<Object>) report.get("closures");
    List<String> methods = new ArrayList<>();
    for (Object o : closures) {
      Map<String, Object> closure = (Map<String, Object>) o;
      for (String key :
          List.of(
              "id",
              "owner",
              "method",
              "userDataReads",
              "userDataWrites",
              "allocations",
              "nondeterministic",
              "tags",
              "diagnostics",
              "reachableMethods",
              "violations")) {
        assertTrue(closure.containsKey(key), "closure without '" + key + "': " + closure);
      }
      assertEquals("dev.orthrus.samples.kvcache.store.Cache", closure.get("owner"));
      methods.add((String) closure.get("method"));
      // The bytecode stage ran inside the shaded jar (Soot and its dependencies are in it).
      assertTrue(
          ((List<Object>) closure.get("reachableMethods")).contains(closure.get("id")),
          closure::toString);
      for (Object a : (List<Object>) closure.get("allocations")) {
        assertInstanceOf(String.class, ((Map<String, Object>) a).get("escape"), closure::toString);
      }
    }
    // slf4j-nop is shaded in: Soot's logging leaves no "no providers" warning on stderr.
    assertFalse(run.err().contains("SLF4J"), run::toString);
    assertEquals(
        List.of(
            "arithmetic",
            "delete",
            "flushAll",
            "get",
            "getReply",
            "metaGetReply",
            "metaReply",
            "numberReply",
            "store",
            "touch",
            "valueReply"),
        methods.stream().sorted().toList(),
        run::toString);
    // store links a new CacheItem into the table: the model must see user-data writes.
    Map<String, Object> set = (Map<String, Object>) closures.get(methods.indexOf("store"));
    assertFalse(((List<Object>) set.get("userDataWrites")).isEmpty(), set::toString);
    assertTrue(
        ((List<Object>) set.get("allocations"))
            .stream().anyMatch(a -> "USER_DATA".equals(((Map<String, Object>) a).get("escape"))),
        set::toString);
  }

  @Test
  @SuppressWarnings("unchecked")
  void printsSarifForTheKvcacheSample() throws Exception {
    JavaProcess.Outcome run =
        JavaProcess.orthrus(
            "analyze", REPO.resolve("samples/kvcache").toString(), "--format", "sarif");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    Map<String, Object> sarif = (Map<String, Object>) JsonReader.parse(run.out());
    assertEquals("2.1.0", sarif.get("version"), run::toString);
    assertFalse(run.err().contains("SLF4J"), run::toString);
  }

  /**
   * A crafted reproducer within every count limit of the deserialization filter whose decoding
   * would hash 8^15 sets: refused as bad input when decoding passes its deadline, and the process
   * exits although the decoding thread may still be busy.
   */
  @Test
  void replayRefusesADeserializationBombAndExits() throws Exception {
    Path file = Files.createTempFile("orthrus-it-", ".orthrus-repro");
    try {
      CraftedReproducers.write(
          file,
          CraftedReproducers.snapshot(
              "x.Y#f()", "RESULT", new Object[] {CraftedReproducers.wideSets(8, 15)}));
      JavaProcess.Outcome run = JavaProcess.orthrus("replay", file.toString());
      assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
      assertTrue(run.err().contains("to decode"), run::toString);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void missingFolderExitsBadInput() throws Exception {
    JavaProcess.Outcome run = JavaProcess.orthrus("analyze", "/no/such/dir");
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertEquals(1, run.err().strip().lines().count(), run::toString);
    assertEquals("", run.out());
  }
}
