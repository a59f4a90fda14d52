package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user-data class that holds fields and declares {@code length()} builds and runs as vanilla: the
 * slot interface the class implements names its count {@code slotCount()} (an outside trial's
 * linked list failed to compile, "method length() is already defined").
 */
class LengthMethodTest {

  @Test
  void aLinkedListWithALengthMethodRunsAsVanilla(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/length-method"),
        out,
        loader -> {
          Class<?> type = loader.loadClass("chain.Link");
          Object head = null;
          for (int i = 0; i < 50; i++) {
            head = type.getConstructor(long.class, type).newInstance((long) i, head);
          }
          var sum = type.getMethod("sumAndLength");
          StringBuilder out2 = new StringBuilder();
          for (int i = 0; i < 200; i++) {
            out2.append(sum.invoke(head)).append(',');
          }
          return out2.toString();
        },
        200);
  }
}
