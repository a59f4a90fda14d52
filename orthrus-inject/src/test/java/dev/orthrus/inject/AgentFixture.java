package dev.orthrus.inject;

import dev.orthrus.inject.fixture.Pricing;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A one-class "protected build" folder: {@link Pricing} and a rewriter report naming its closure.
 */
final class AgentFixture {

  static final String OWNER = "dev/orthrus/inject/fixture/Pricing";

  private AgentFixture() {}

  static Path build(Path dir) throws IOException {
    Path classFile = dir.resolve(OWNER + ".class");
    Files.createDirectories(classFile.getParent());
    try (InputStream in = Pricing.class.getResourceAsStream("Pricing.class")) {
      Files.write(classFile, in.readAllBytes());
    }
    Path report = dir.resolve("META-INF/orthrus/instrumentation.json");
    Files.createDirectories(report.getParent());
    Files.writeString(
        report,
        "{\"closures\": [{\"id\": \"dev.orthrus.inject.fixture.Pricing#total(long,long)\","
            + " \"variants\": [\"dev.orthrus.inject.fixture.Pricing#total(long,long)\","
            + " \"dev.orthrus.inject.fixture.Pricing#scale(long)\"]}], \"versionedClasses\": []}",
        StandardCharsets.UTF_8);
    return dir;
  }

  static byte[] classBytes(Path dir) throws IOException {
    return Files.readAllBytes(dir.resolve(OWNER + ".class"));
  }

  /** Loads {@code bytes} as {@link Pricing} in a loader of its own. */
  static Class<?> load(byte[] bytes) {
    return new ClassLoader(AgentFixture.class.getClassLoader()) {
      Class<?> define() {
        return defineClass(OWNER.replace('/', '.'), bytes, 0, bytes.length);
      }
    }.define();
  }
}
