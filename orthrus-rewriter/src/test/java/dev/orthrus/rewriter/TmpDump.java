package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TmpDump {
  @Test
  void dump() throws Exception {
    try {
      Builds.instrument(Path.of("src/test/resources/generic-userdata"), Path.of("/tmp/genout"));
    } catch (Exception e) {
      System.out.println(e.getMessage());
    }
  }
}
