package dev.orthrus.cli.runtime;

import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.model.json.JsonWriter;
import dev.orthrus.runtime.cpu.CpuId;
import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.report.ReproducerFile;
import dev.orthrus.runtime.report.ReproducerFormatException;
import dev.orthrus.runtime.validate.NotValidatedException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code orthrus replay <file>}: re-executes a detection's reproducer, optionally pinned to one
 * CPU, and says whether the result matches the application's (the corruption reproduces here) or
 * the validator's. Exit 0 when this CPU agrees with the validator, 1 when it reproduces a wrong
 * result, 3 for an unreadable, foreign or crafted file, 4 when the closure cannot be re-executed
 * here (no verdict).
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description = "Re-execute a reproducer file saved at a detection.")
public final class ReplayCommand implements Callable<Integer> {

  static final int SCHEMA_VERSION = 1;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The reproducer file.")
  Path file;

  @Option(names = "--cpu", defaultValue = "-1", description = "Pin to this CPU while replaying.")
  int cpu;

  @Option(
      names = {"--class-path", "-cp"},
      split = ":",
      description = "Jars or folders with the application's classes.")
  List<Path> classPath = new ArrayList<>();

  @CommandLine.Mixin JsonOutput json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (cpu >= Pinning.cpus()) {
      err.println(
          "orthrus replay: no CPU "
              + cpu
              + " here: this machine has "
              + Pinning.cpus()
              + " (0-"
              + (Pinning.cpus() - 1)
              + ")");
      return OrthrusCommand.EXIT_USAGE;
    }
    if (!Files.isRegularFile(file)) {
      err.println(
          "orthrus replay: "
              + (Files.isDirectory(file) ? "a folder, not a reproducer file: " : "no such file: ")
              + file);
      return OrthrusCommand.EXIT_BAD_INPUT;
    }
    boolean pinned = false;
    try {
      ClassLoader loader = loader();
      // Only the classes of --class-path are trusted as the application's, never the libraries
      // bundled with this command.
      ReproducerFile.Snapshot s = read(loader);
      List<String> changed = ReproducerFile.changedClasses(s, loader);
      String changedNote =
          changed.isEmpty()
              ? ""
              : "the class files of "
                  + String.join(", ", changed)
                  + " differ from those of the program that wrote this file (rebuilt or changed"
                  + " since): replay with that build's classes";
      if (cpu >= 0) {
        pinned = Pinning.pin(cpu);
        if (!pinned) {
          err.println("orthrus replay: could not pin to CPU " + cpu + "; replaying unpinned");
        }
      }
      ReproducerFile.ReplayResult r;
      try {
        r = ReproducerFile.replay(s, loader, cpu);
      } catch (NotValidatedException e) {
        err.println(
            "orthrus replay: the closure cannot be re-executed here ("
                + e.getMessage()
                + "); no verdict"
                + (changed.isEmpty() ? "" : "; likely because " + changedNote));
        return OrthrusCommand.EXIT_INTERNAL;
      } catch (RuntimeException | Error e) {
        // Exit 1 is only for a re-execution that reproduced the wrong result.
        err.println("orthrus replay: re-executing the closure failed (" + e + "); no verdict");
        return OrthrusCommand.EXIT_INTERNAL;
      }
      int ranOn = CpuId.current();
      String verdict =
          switch (r.outcome()) {
            case MATCHES_APP -> "matches the application's result: the corruption reproduces here";
            case MATCHES_VALIDATOR -> "matches the validator's result: this CPU computes correctly";
            case DIFFERS_FROM_BOTH -> "differs from both the application and the validator";
          };
      if (json.requested()) {
        JsonWriter w =
            JsonOutput.object(out, SCHEMA_VERSION)
                .field("closure", s.closureName())
                .field("outcome", r.outcome().name())
                .field("cpu", ranOn)
                .field("pinned", pinned)
                .field("appCpu", s.appCpu())
                .field("validatorCpu", s.validatorCpu())
                .field("mismatch", r.mismatch() == null ? null : r.mismatch().toString())
                .name("changedClasses")
                .beginArray();
        changed.forEach(w::value);
        w.endArray().endObject().finish();
      } else {
        out.println(
            "closure "
                + s.closureName()
                + " (app CPU "
                + s.appCpu()
                + ", validator CPU "
                + s.validatorCpu()
                + "), replayed on CPU "
                + ranOn
                + (pinned ? " (pinned)" : ""));
        out.println(
            "recorded: "
                + s.mismatchKind()
                + " "
                + s.detail()
                + ": expected "
                + s.expected()
                + ", actual "
                + s.actual());
        out.println("replay " + verdict);
        if (s.appCpu() >= 0 && s.appCpu() == s.validatorCpu()) {
          out.println(
              "note: the application and the validator ran on the same CPU ("
                  + s.appCpu()
                  + "), so the recorded difference does not point at one core: an intermittent"
                  + " fault, or something the program did between the two executions");
        }
        if (r.mismatch() != null) {
          out.println("replay found: " + r.mismatch());
        }
        if (!changed.isEmpty()) {
          out.println("note: " + changedNote);
        }
      }
      out.flush();
      return r.outcome() == ReproducerFile.Outcome.MATCHES_VALIDATOR
          ? OrthrusCommand.EXIT_OK
          : OrthrusCommand.EXIT_FINDINGS;
    } catch (ReproducerFormatException | IOException e) {
      err.println("orthrus replay: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    } finally {
      if (pinned) {
        Pinning.unpin();
      }
    }
  }

  /** The snapshot in {@link #file}; whatever goes wrong reading it is a bad file. */
  private ReproducerFile.Snapshot read(ClassLoader loader)
      throws IOException, ReproducerFormatException {
    try {
      return ReproducerFile.read(file, classPath.isEmpty() ? null : loader);
    } catch (RuntimeException | Error e) {
      throw new ReproducerFormatException(file + " cannot be read: " + e, e);
    }
  }

  private ClassLoader loader() throws IOException {
    if (classPath.isEmpty()) {
      return ReplayCommand.class.getClassLoader();
    }
    List<URL> urls = new ArrayList<>();
    for (Path p : classPath) {
      if (!Files.exists(p)) {
        throw new IOException("class path entry does not exist: " + p);
      }
      try {
        urls.add(p.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new IOException("bad class path entry " + p, e);
      }
    }
    return new URLClassLoader(urls.toArray(new URL[0]), ReplayCommand.class.getClassLoader());
  }
}
