package dev.orthrus.cli.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.BadInputException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleBuildsTest {

  @TempDir Path root;

  @AfterEach
  void clearRoot() {
    System.clearProperty(SampleBuilds.ROOT_PROPERTY);
  }

  @Test
  void anUnknownSampleIsNamedWithTheKnownOnes() {
    BadInputException e =
        assertThrows(BadInputException.class, () -> SampleBuilds.locate("memcached"));
    assertTrue(e.getMessage().contains("unknown sample 'memcached'"), e.getMessage());
    assertTrue(e.getMessage().contains("kvcache, order-book"), e.getMessage());
  }

  @Test
  void aMissingBuildNamesTheCommandThatMakesIt() throws IOException {
    Files.createDirectories(root.resolve("samples/kvcache/target/classes/dev"));
    System.setProperty(SampleBuilds.ROOT_PROPERTY, root.toString());

    BadInputException e =
        assertThrows(BadInputException.class, () -> SampleBuilds.locate("kvcache"));

    assertTrue(e.getMessage().contains("orthrus-classes is missing"), e.getMessage());
    assertTrue(e.getMessage().contains("-pl samples/kvcache -am"), e.getMessage());
  }

  @Test
  void bothBuildsAreFoundAndTheClassPathStartsWithTheChosenOne() throws IOException {
    Path module = root.resolve("samples/order-book/target");
    Files.createDirectories(module.resolve("classes/dev"));
    Files.createDirectories(module.resolve("orthrus-classes/dev"));
    System.setProperty(SampleBuilds.ROOT_PROPERTY, root.toString());

    SampleBuilds builds = SampleBuilds.locate("order-book");

    assertEquals(module.resolve("classes").toRealPath(), builds.vanillaClasses().toRealPath());
    assertTrue(
        builds.classPath(true).startsWith(module.resolve("orthrus-classes") + File.pathSeparator),
        builds.classPath(true));
    assertTrue(builds.classPath(false).startsWith(module.resolve("classes") + File.pathSeparator));
  }

  @Test
  void withoutThePropertyTheRootIsFoundAboveTheCliClasses() {
    Path found = SampleBuilds.projectRoot();
    assertTrue(Files.isDirectory(found.resolve("samples/kvcache")), found.toString());
  }
}
