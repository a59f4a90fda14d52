package dev.orthrus.inject;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The packaged CLI ({@code orthrus-cli/target/orthrus.jar} under {@code -Dorthrus.root}) run as a
 * child JVM in {@code dir}, as a user runs it: its exit status, stdout and stderr.
 */
record CliJar(int exit, String out, String err) {

  static CliJar run(Path dir, long patienceMinutes, String... args)
      throws IOException, InterruptedException {
    Path root = Path.of(System.getProperty("orthrus.root", "..")).toAbsolutePath().normalize();
    Path out = dir.resolve("cli.out");
    Path err = dir.resolve("cli.err");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Dorthrus.root=" + root);
    command.add("-jar");
    command.add(root.resolve("orthrus-cli/target/orthrus.jar").toString());
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertTrue(p.waitFor(patienceMinutes, TimeUnit.MINUTES), "orthrus " + args[0] + " did not end");
    return new CliJar(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
