package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The runtime's main jar holds the runtime only: the hand-written closures, the fault hook and the
 * measuring tools live in orthrus-testkit and orthrus-benchmarks, never on a protected
 * application's class path. Reads the jar the package phase built.
 */
class RuntimeJarContentIT {

  /** Packages of test kits, benchmarks and demos. */
  private static final List<String> FORBIDDEN_PACKAGES =
      List.of("dev/orthrus/runtime/bench/", "dev/orthrus/testkit/", "dev/orthrus/benchmarks/");

  /** Classes that exist for tests, benchmarks or demos only, wherever they would be put. */
  private static final Set<String> TEST_ONLY_CLASSES =
      Set.of(
          "FaultHook",
          "KvMap",
          "VanillaKvMap",
          "TreeIndex",
          "FpAccumulator",
          "RuntimeBenchmark",
          "StressDriver",
          "LogCostProbe");

  /** Libraries only tests and benchmarks use; a main class naming one is test code. */
  private static final List<String> TEST_LIBRARIES =
      List.of("org/junit/", "org/opentest4j/", "org/openjdk/jmh/", "com/tngtech/archunit/");

  @Test
  void theMainJarHoldsNoTestBenchmarkOrDemoClass() throws IOException {
    Path jar = Path.of(System.getProperty("runtime.jar", "target/orthrus-runtime.jar"));
    assertTrue(Files.isRegularFile(jar), "no runtime jar at " + jar);
    List<String> problems = new ArrayList<>();
    int classes = 0;
    boolean hasRuntime = false;
    try (JarFile file = new JarFile(jar.toFile())) {
      Enumeration<JarEntry> entries = file.entries();
      while (entries.hasMoreElements()) {
        JarEntry e = entries.nextElement();
        String name = e.getName();
        if (!name.endsWith(".class")) {
          continue;
        }
        classes++;
        hasRuntime |= name.equals("dev/orthrus/runtime/OrthrusRuntime.class");
        for (String p : FORBIDDEN_PACKAGES) {
          if (name.startsWith(p)) {
            problems.add(name + " is in a test or benchmark package");
          }
        }
        String simple = name.substring(name.lastIndexOf('/') + 1, name.length() - 6);
        String outer = simple.contains("$") ? simple.substring(0, simple.indexOf('$')) : simple;
        if (TEST_ONLY_CLASSES.contains(outer)) {
          problems.add(name + " exists for tests, benchmarks or demos only");
        }
        String constants;
        try (InputStream in = file.getInputStream(e)) {
          constants = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
        for (String library : TEST_LIBRARIES) {
          if (constants.contains(library)) {
            problems.add(name + " uses " + library);
          }
        }
      }
    }
    assertTrue(hasRuntime && classes > 40, "not the runtime jar: " + classes + " classes");
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }
}
