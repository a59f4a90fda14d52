package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User data the program serializes itself ({@code src/test/resources/serialized-user-data}): a Java
 * serialization round trip, and an object made with its no-argument constructor whose fields are
 * then set by reflection, as JSON libraries do. The protected classes keep the fields the user
 * declared (not transient), so the copy holds them, and each object is sealed at its first use, so
 * no check takes the fields set after the constructor for corruption (outside trial 9: a false
 * detection and a copy of zeros; decision 0085).
 */
class SerializedUserDataTest {

  private static final Path SOURCES = Path.of("src/test/resources/serialized-user-data");

  @Test
  void serializedAndReflectivelyFilledUserDataComputesAsVanilla(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES, out, loader -> loader.loadClass("ledger.Run").getMethod("run").invoke(null), 9);
    String account = Builds.generated(out, "ledger/Account.java");
    assertFalse(account.contains("transient long balance"), account);
    assertTrue(account.contains("protected void rehashFields()"), account);
  }
}
