package dev.orthrus.inject;

import dev.orthrus.inject.fault.Faults;
import dev.orthrus.inject.site.Site;
import dev.orthrus.inject.site.SiteCatalog;
import dev.orthrus.inject.site.Unit;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The agent's entry point: lists the protected build's sites, then counts them all (profile) or
 * arms one (single fault, persistent defect). Without the agent nothing of this exists in the
 * program, so a disarmed run costs nothing.
 */
public final class InjectAgent {

  /** The profile's columns, one site a line after this header. */
  public static final String PROFILE_HEADER = "site\tunit\tpath\tfaults\twidth\texecutions\tlabel";

  private InjectAgent() {}

  public static void premain(String args, Instrumentation instrumentation) {
    AgentOptions options;
    SiteCatalog catalog;
    try {
      options = AgentOptions.parse(args);
      catalog = SiteCatalog.scan(options.classes());
    } catch (RuntimeException e) {
      System.err.println("orthrus-inject: " + e.getMessage());
      throw e;
    }
    if (options.mode() == AgentOptions.Mode.PROFILE) {
      Faults.startProfile(catalog.sites().size(), options.threadPrefix());
      instrumentation.addTransformer(new Transformer(catalog, null));
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> writeProfile(catalog, options), "inject-profile"));
      return;
    }
    List<Site> armed = options.sites().stream().map(catalog::site).toList();
    Site site = armed.get(0);
    for (Site s : armed) {
      String problem = null;
      if (!s.shape().faults().contains(options.type())) {
        problem =
            "fault "
                + options.type().label()
                + " does not apply to site "
                + s.id()
                + " ("
                + s.label()
                + "); it takes "
                + s.shape().faults();
      } else if (!s.shape().equals(site.shape())) {
        problem =
            "sites armed together must have one shape: "
                + site.label()
                + " and "
                + s.label()
                + " differ";
      }
      if (problem != null) {
        System.err.println("orthrus-inject: " + problem);
        throw new IllegalArgumentException(problem);
      }
    }
    Faults.Plan plan =
        new Faults.Plan(
            options.type(),
            options.occurrence(),
            options.every(),
            site.shape().width(),
            site.shape().unit() == Unit.CACHE,
            options.seed(),
            line -> append(options, line));
    if (options.mode() == AgentOptions.Mode.PERSISTENT) {
      noteFirstDetection(options);
    }
    if (options.trigger() == null) {
      Faults.arm(plan, options.threadPrefix());
    } else {
      armWhenPresent(options.trigger(), () -> Faults.arm(plan, options.threadPrefix()));
    }
    instrumentation.addTransformer(
        new Transformer(catalog, armed.stream().map(Site::id).collect(Collectors.toSet())));
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  long[] counts = Faults.armedCounts();
                  append(options, "executions=" + counts[0] + " fired=" + counts[1]);
                },
                "inject-summary"));
  }

  /**
   * Standard error watched for the runtime's first detection (it prints on the {@code System.err}
   * of its first closure call, after this agent started): {@code detected executions=<n> fired=<k>
   * nanos=<since the first corruption>} is appended then.
   */
  private static void noteFirstDetection(AgentOptions options) {
    PrintStream err = System.err;
    Runnable note =
        () -> {
          long[] counts = Faults.armedCounts();
          append(
              options,
              "detected executions="
                  + counts[0]
                  + " fired="
                  + counts[1]
                  + " nanos="
                  + Faults.nanosSinceFirstFault());
        };
    System.setErr(new PrintStream(new DetectionWatch(err, note), true));
  }

  /**
   * Runs {@code arm} once {@code trigger} exists, looking every 2 ms on a daemon thread of the
   * runtime's prefix (it runs no application code, and is never the faulty core).
   */
  private static void armWhenPresent(Path trigger, Runnable arm) {
    Thread watcher =
        new Thread(
            () -> {
              try {
                while (!Files.exists(trigger)) {
                  Thread.sleep(2);
                }
                arm.run();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            Faults.RUNTIME_THREAD_PREFIX + "inject-trigger");
    watcher.setDaemon(true);
    watcher.start();
  }

  private static void writeProfile(SiteCatalog catalog, AgentOptions options) {
    List<String> lines = new ArrayList<>();
    lines.add(PROFILE_HEADER);
    for (Site s : catalog.sites()) {
      lines.add(
          s.id()
              + "\t"
              + s.shape().unit().label()
              + "\t"
              + s.path()
              + "\t"
              + s.shape().faults().stream().map(t -> t.label()).collect(Collectors.joining(","))
              + "\t"
              + s.shape().width()
              + "\t"
              + Faults.profileCount(s.id())
              + "\t"
              + s.label());
    }
    try {
      Files.write(options.out(), lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static synchronized void append(AgentOptions options, String line) {
    try {
      Files.writeString(
          options.out(),
          line + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      System.err.println("orthrus-inject: cannot write " + options.out() + ": " + e);
    }
  }

  /**
   * Instruments the catalog's classes as they load: every site (profile, {@code armedSites} null),
   * or only the armed ones.
   */
  private static final class Transformer implements ClassFileTransformer {
    private final SiteCatalog catalog;
    private final Set<Integer> armedSites;

    Transformer(SiteCatalog catalog, Set<Integer> armedSites) {
      this.catalog = catalog;
      this.armedSites = armedSites;
    }

    @Override
    public byte[] transform(
        Module module,
        ClassLoader loader,
        String className,
        Class<?> redefined,
        ProtectionDomain domain,
        byte[] bytes) {
      List<Site> sites = catalog.sitesOf(className);
      if (armedSites != null) {
        sites = sites.stream().filter(s -> armedSites.contains(s.id())).toList();
      }
      if (sites.isEmpty() || loader == null) {
        return null;
      }
      try {
        return SiteInstrumenter.instrument(bytes, sites, armedSites != null);
      } catch (RuntimeException e) {
        // A class left as it was would make the run look masked; say so loudly instead.
        System.err.println("orthrus-inject: cannot instrument " + className + ": " + e);
        e.printStackTrace();
        return null;
      }
    }
  }
}
