package dev.orthrus.cli.inject;

import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.sample.SampleBuilds;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code orthrus inject <sample>}: the fault-injection campaign (issue 12). Exit 0 with the
 * figures, 1 when the fault-free protected run was not clean (a false alarm stops the campaign), 3
 * for a sample that is not built or has no workload.
 */
@Command(
    name = "inject",
    mixinStandardHelpOptions = true,
    description = {
      "Run a fault-injection campaign on a sample: one corrupted instruction result per run, on the"
          + " application's threads, judged against the fault-free run of the same seed.",
      "With --sampling adaptive|random --validation-budget R: the same under an emulated scarce"
          + " validation budget. With --persistent: time and executions until a persistent"
          + " defect is first detected."
    })
public final class InjectCommand implements Callable<Integer> {

  /** Where the agent jar is, when not under the project root ({@code orthrus-inject/target}). */
  public static final String AGENT_PROPERTY = "orthrus.inject.agent";

  /** Defects of a {@code --persistent} run unless {@code --runs} says otherwise. */
  static final int PERSISTENT_RUNS = 7;

  static final List<String> UNITS = List.of("int", "fp", "vector", "cache");
  static final List<String> SAMPLINGS = List.of("all", "default", "adaptive", "random");
  static final List<String> TYPES =
      List.of("bitflip1", "bitflip2", "bitflip3", "stuck0", "stuck1", "noop");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", description = "The sample: order-book or kvcache.")
  String sample;

  @Option(
      names = "--runs",
      description =
          "Injected runs (default 100); with --persistent, defects (default "
              + PERSISTENT_RUNS
              + "), one per run.")
  Integer runs;

  @Option(names = "--seed", defaultValue = "42", description = "Workload and campaign seed.")
  long seed;

  @Option(names = "--ops", defaultValue = "2000", description = "Workload operations per run.")
  int ops;

  @Option(
      names = "--units",
      split = ",",
      defaultValue = "int,fp,vector,cache",
      description = "Units to fault: int, fp, vector, cache.")
  List<String> units;

  @Option(
      names = "--types",
      split = ",",
      defaultValue = "bitflip1,bitflip2,bitflip3,stuck0,stuck1,noop",
      description = "Fault types: bitflip1, bitflip2, bitflip3, stuck0, stuck1, noop.")
  List<String> types;

  @Option(
      names = "--path",
      defaultValue = "data",
      description = "Sites to fault: data (closures and what they reach), control, both.")
  String path;

  @Option(names = "--validators", defaultValue = "1", description = "Validator threads.")
  int validators;

  @Option(
      names = "--sampling",
      defaultValue = "all",
      description =
          "all (every execution validated, the default), default (the runtime's armed sampling"
              + " at its overhead budget), adaptive (the paper's: floating-point and vector"
              + " closures at twice the rate, stale (closure, caller) pairs first) or random"
              + " (uniform, the same rate controller).")
  String sampling;

  @Option(
      names = "--validation-budget",
      paramLabel = "R",
      description =
          "Emulated scarce validation: validators may spend R times the application threads'"
              + " CPU time validating (0.25: one validation core for four application cores;"
              + " thread CPU clocks, as this machine has no such cores); the overhead budget is"
              + " then 1.0, so that only validation limits the rate. Not with --sampling all.")
  Double validationBudget;

  @Option(
      names = "--persistent",
      description =
          "The persistent-defect model instead of single faults: each run flips a bit of every"
              + " n-th result of one data-path instruction, from halfway through its executions,"
              + " and stops at the first detection;"
              + " prints the executions, corruptions and time until it, and their medians."
              + " --units applies; --types and --path do not (one-bit flips, data path).")
  boolean persistent;

  @Option(
      names = "--pick",
      defaultValue = "executions",
      description =
          "How a run's corrupted execution is drawn within its (unit, fault type): executions"
              + " (uniformly among all executions of its instructions, the default) or"
              + " instructions (an instruction uniformly, then one of its executions).")
  String pick;

  @Option(names = "--jobs", defaultValue = "2", description = "Child JVMs run at once.")
  int jobs;

  @Option(names = "--json", description = "Print one JSON object on stdout instead of text.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String usage = checkUsage();
    if (usage != null) {
      err.println("orthrus inject: " + usage);
      return OrthrusCommand.EXIT_USAGE;
    }
    Path work = null;
    try {
      SampleBuilds builds = SampleBuilds.locate(sample);
      Path agent = agentJar(builds);
      work = Files.createTempDirectory("orthrus-inject-");
      Campaign.Settings settings =
          new Campaign.Settings(
              sample,
              runs != null ? runs : persistent ? PERSISTENT_RUNS : 100,
              seed,
              ops,
              new LinkedHashSet<>(units),
              new LinkedHashSet<>(types),
              paths(),
              validators,
              sampling,
              validationBudget,
              CampaignPlan.Pick.of(pick),
              jobs);
      Campaign campaign = new Campaign(settings, builds, agent, work, err);
      if (persistent) {
        Campaign.Baseline baseline = campaign.baseline();
        List<PersistentDefects.Defect> defects =
            PersistentDefects.plan(baseline.profile(), settings.runs(), seed, settings.units());
        if (defects.isEmpty()) {
          err.println(
              "orthrus inject: no data-path instruction of "
                  + String.join(", ", units)
                  + " ran "
                  + PersistentDefects.MIN_EXECUTIONS
                  + " times or more under the workload");
          return OrthrusCommand.EXIT_BAD_INPUT;
        }
        List<PersistentDefects.Result> results = PersistentDefects.run(campaign, baseline, defects);
        err.println();
        if (json) {
          PersistentDefects.writeJson(settings, results, out);
          out.println();
        } else {
          PersistentDefects.writeText(settings, results, out);
        }
        out.flush();
        return OrthrusCommand.EXIT_OK;
      }
      CampaignReport report = campaign.run();
      if (json) {
        report.writeJson(out);
        out.println();
      } else {
        report.writeText(out);
      }
      out.flush();
      return OrthrusCommand.EXIT_OK;
    } catch (BadInputException e) {
      err.println("orthrus inject: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    } catch (Campaign.FalseAlarm e) {
      err.println("orthrus inject: campaign stopped: " + e.getMessage());
      return OrthrusCommand.EXIT_FINDINGS;
    } catch (IOException | IllegalStateException | java.io.UncheckedIOException e) {
      // A child JVM or the agent failed where nothing was injected: no figure can be trusted.
      err.println("orthrus inject: campaign failed: " + e.getMessage());
      return OrthrusCommand.EXIT_INTERNAL;
    } finally {
      deleteTree(work);
    }
  }

  private String checkUsage() {
    if ((runs != null && runs < 1) || ops < 1 || jobs < 1 || validators < 1) {
      return "--runs, --ops, --jobs and --validators must be at least 1";
    }
    for (String u : units) {
      if (!UNITS.contains(u)) {
        return "unknown unit '" + u + "'; the units are " + String.join(", ", UNITS);
      }
    }
    for (String t : types) {
      if (!TYPES.contains(t)) {
        return "unknown fault type '" + t + "'; the types are " + String.join(", ", TYPES);
      }
    }
    if (!Set.of("data", "control", "both").contains(path)) {
      return "--path is data, control or both, not '" + path + "'";
    }
    CampaignPlan.Pick drawn = CampaignPlan.Pick.of(pick);
    if (drawn == null) {
      return "--pick is executions or instructions, not '" + pick + "'";
    }
    if (persistent && drawn == CampaignPlan.Pick.INSTRUCTIONS) {
      return "--pick draws single faults; --persistent picks its defects itself";
    }
    if (!SAMPLINGS.contains(sampling)) {
      return "--sampling is " + String.join(", ", SAMPLINGS) + ", not '" + sampling + "'";
    }
    if (validationBudget != null) {
      if (!(validationBudget > 0) || validationBudget.isInfinite()) {
        return "--validation-budget is a number above 0 (validator CPU time per application CPU"
            + " time), not "
            + validationBudget;
      }
      if (sampling.equals("all")) {
        return "--sampling all validates every execution and cannot be held to a validation"
            + " budget; use adaptive, random or default";
      }
    }
    return null;
  }

  private Set<String> paths() {
    return path.equals("both") ? Set.of("data", "control") : Set.of(path);
  }

  /** The agent jar: {@value #AGENT_PROPERTY}, else the project's {@code orthrus-inject} build. */
  public static Path agentJar(SampleBuilds builds) {
    String property = System.getProperty(AGENT_PROPERTY);
    // <root>/samples/<sample>/target/classes
    Path root =
        builds.vanillaClasses().toAbsolutePath().getParent().getParent().getParent().getParent();
    Path jar =
        property != null && !property.isBlank()
            ? Path.of(property)
            : root.resolve("orthrus-inject/target/orthrus-inject.jar");
    if (!Files.isRegularFile(jar)) {
      throw new BadInputException(
          "the fault-injection agent is not built ("
              + jar
              + " is missing); build it with: mvn -B"
              + " -q package -DskipTests -pl orthrus-inject (from "
              + root
              + ")");
    }
    return jar;
  }

  private static void deleteTree(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary folder left behind
    }
  }
}
