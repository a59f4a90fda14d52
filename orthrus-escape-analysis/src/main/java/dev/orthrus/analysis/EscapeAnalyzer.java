package dev.orthrus.analysis;

import dev.orthrus.analysis.escape.EscapeSummaries;
import dev.orthrus.analysis.facts.UserDataMutability;
import dev.orthrus.analysis.program.JdkClasses;
import dev.orthrus.analysis.program.MethodIds;
import dev.orthrus.analysis.program.Reachability;
import dev.orthrus.analysis.program.SootProgram;
import dev.orthrus.analysis.suggest.ClosureSuggester;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.Severity;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.rules.Rule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import soot.Scene;
import soot.SootClass;
import soot.SootMethod;
import soot.jimple.Stmt;

/**
 * The bytecode analysis as a pure function: {@link #analyze(AnalysisInput)} loads the classes into
 * Soot, analyzes them and resets Soot before returning. Soot's state is process-global, so calls
 * are serialized: two threads calling {@code analyze} run one after the other, never interleaved.
 */
public final class EscapeAnalyzer {

  static final String UNKNOWN_CALLEE = Rule.UNKNOWN_CALLEE.key();
  static final String MISSING_CLASSES = Rule.MISSING_CLASSES.key();
  static final String UNREADABLE_METHOD = Rule.UNREADABLE_METHOD.key();
  static final String CLOSURE_NOT_FOUND = Rule.CLOSURE_NOT_FOUND.key();

  /** Key of the warning that the analyzed classes need a newer JDK than the one running. */
  public static final String NEWER_JDK = Rule.NEWER_JDK.key();

  private static final Object SOOT = new Object();

  private EscapeAnalyzer() {}

  public static AnalysisReport analyze(AnalysisInput input) {
    return analyze(input, AnalysisProgress.NONE);
  }

  /**
   * Analyzes the input.
   *
   * @throws AnalysisException with {@link AnalysisException#badInput()} for missing or unreadable
   *     inputs, otherwise for an internal failure (never a Soot exception)
   */
  public static AnalysisReport analyze(AnalysisInput input, AnalysisProgress progress) {
    synchronized (SOOT) {
      long start = System.nanoTime();
      SootProgram program = SootProgram.load(input, progress);
      try {
        long loaded = System.nanoTime();
        return run(program, input, progress, (loaded - start) / 1_000_000, loaded);
      } catch (AnalysisException e) {
        throw e;
      } catch (RuntimeException | StackOverflowError e) {
        throw AnalysisException.internal("bytecode analysis failed: " + e, e);
      } finally {
        program.close();
      }
    }
  }

  private static AnalysisReport run(
      SootProgram program,
      AnalysisInput input,
      AnalysisProgress progress,
      long loadMillis,
      long analysisStart) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    Map<String, SootMethod> closures = findClosures(program, input, diagnostics);
    Map<SootMethod, Reachability> reaches = new LinkedHashMap<>();
    Set<SootMethod> analyzed = new LinkedHashSet<>();
    for (SootMethod c : closures.values()) {
      Reachability r = Reachability.from(c, program);
      reaches.put(c, r);
      analyzed.addAll(r.methods());
    }
    if (input.suggest()) {
      analyzed.addAll(program.bodies().keySet());
    }
    EscapeSummaries summaries = EscapeSummaries.compute(program, analyzed, progress);
    ClosureAnalyzer analyzer = new ClosureAnalyzer(program, summaries);
    List<ClosureAnalysis> results = new ArrayList<>();
    int done = 0;
    for (Map.Entry<SootMethod, Reachability> e : reaches.entrySet()) {
      results.add(analyzer.analyze(e.getKey(), e.getValue()));
      progress.step("closures", ++done, reaches.size());
    }
    unknownCallees(summaries, reaches, diagnostics);
    diagnostics.addAll(UserDataMutability.declarations(program));
    List<String> missing = program.missingDependencies();
    newerJdk(program.missingJdkClasses(), JdkClasses.newestRelease(input.classes()))
        .ifPresent(diagnostics::add);
    if (!missing.isEmpty()) {
      diagnostics.add(
          new Diagnostic(
              MISSING_CLASSES,
              Severity.WARNING,
              missing.size()
                  + " referenced classes were not found (missing dependencies?); calls into them are treated as"
                  + " may-escape: "
                  + String.join(", ", missing.subList(0, Math.min(10, missing.size())))
                  + (missing.size() > 10 ? ", ..." : ""),
              SourcePosition.UNKNOWN));
    }
    program
        .brokenMethods()
        .forEach(
            (id, why) ->
                diagnostics.add(
                    new Diagnostic(
                        UNREADABLE_METHOD,
                        Severity.WARNING,
                        "could not read the bytecode of `"
                            + id
                            + "`: "
                            + why
                            + "; calls to it are treated as"
                            + " may-escape",
                        SourcePosition.UNKNOWN)));
    List<Suggestion> suggestions =
        input.suggest() ? ClosureSuggester.suggest(program, summaries, progress) : List.of();
    long analysisMillis = (System.nanoTime() - analysisStart) / 1_000_000;
    AnalysisStats stats =
        new AnalysisStats(
            program.applicationClassCount(),
            program.bodies().size(),
            program.phantomClasses().size(),
            loadMillis,
            analysisMillis);
    return new AnalysisReport(
        results,
        List.copyOf(program.userDataTypes()),
        missing,
        diagnostics,
        suggestions,
        stats,
        input.processorReport());
  }

  /**
   * The classes were compiled for a newer Java than the analysis runs on, or use JDK classes this
   * JDK lacks: say which JDK to run on rather than calling the JDK's classes missing dependencies.
   */
  private static Optional<Diagnostic> newerJdk(List<String> missingJdkClasses, int compiledFor) {
    int running = Runtime.version().feature();
    if (missingJdkClasses.isEmpty() && compiledFor <= running) {
      return Optional.empty();
    }
    String classes =
        missingJdkClasses.isEmpty()
            ? ""
            : "; JDK classes they use that JDK "
                + running
                + " lacks are treated as may-escape: "
                + String.join(
                    ", ", missingJdkClasses.subList(0, Math.min(10, missingJdkClasses.size())))
                + (missingJdkClasses.size() > 10 ? ", ..." : "");
    String message =
        compiledFor > running
            ? "the classes are compiled for Java "
                + compiledFor
                + " and the analysis runs on JDK "
                + running
                + classes
                + "; run orthrus on JDK "
                + compiledFor
                + " or newer for a complete analysis"
            : missingJdkClasses.size()
                + " referenced JDK classes are not in the running JDK "
                + running
                + classes
                + "; run orthrus on the JDK the code is built for";
    return Optional.of(
        new Diagnostic(NEWER_JDK, Severity.WARNING, message, SourcePosition.UNKNOWN));
  }

  private static Map<String, SootMethod> findClosures(
      SootProgram program, AnalysisInput input, List<Diagnostic> diagnostics) {
    Map<String, SootMethod> byId = new LinkedHashMap<>();
    Map<String, SootMethod> byNormalizedId = new LinkedHashMap<>();
    for (SootMethod m : program.bodies().keySet()) {
      String id = MethodIds.of(m);
      byNormalizedId.put(AnalysisReport.normalizeId(id), m);
      if (SootProgram.isAnnotated(m.getTags(), SootProgram.CLOSURE_ANNOTATION)) {
        byId.put(id, m);
      }
    }
    if (input.processorReport() != null) {
      // An abstract closure (an interface's) has no body to analyze, but it is not missing: its
      // implementations are analyzed where they are called.
      Set<String> bodiless = new HashSet<>();
      for (SootClass c : Scene.v().getApplicationClasses()) {
        for (SootMethod m : c.getMethods()) {
          if (!m.hasActiveBody() && (m.isAbstract() || m.isNative())) {
            bodiless.add(AnalysisReport.normalizeId(MethodIds.of(m)));
          }
        }
      }
      for (ClosureModel c : input.processorReport().closures()) {
        SootMethod m = byNormalizedId.get(AnalysisReport.normalizeId(c.id()));
        if (m == null && bodiless.contains(AnalysisReport.normalizeId(c.id()))) {
          continue;
        }
        if (m == null) {
          diagnostics.add(
              new Diagnostic(
                  CLOSURE_NOT_FOUND,
                  Severity.WARNING,
                  "closure `"
                      + c.id()
                      + "` from closures.json is not in the analyzed classes; it keeps its source-level facts only",
                  c.source()));
        } else {
          byId.putIfAbsent(MethodIds.of(m), m);
        }
      }
    }
    Map<String, SootMethod> sorted = new LinkedHashMap<>();
    byId.keySet().stream().sorted().forEach(k -> sorted.put(k, byId.get(k)));
    return sorted;
  }

  private static void unknownCallees(
      EscapeSummaries summaries,
      Map<SootMethod, Reachability> reaches,
      List<Diagnostic> diagnostics) {
    Set<String> seen = new LinkedHashSet<>();
    for (Reachability r : reaches.values()) {
      for (SootMethod m : r.methods()) {
        var g = summaries.graph(m);
        if (g == null) {
          continue;
        }
        for (var c : g.calls()) {
          if (c.targets().unknown()) {
            String callee = MethodIds.of(c.call().getMethodRef());
            if (seen.add(callee)) {
              Stmt s = c.stmt();
              diagnostics.add(
                  new Diagnostic(
                      UNKNOWN_CALLEE,
                      Severity.NOTE,
                      "unknown callee `" + callee + "`, treated as may-escape",
                      SootProgram.position(m, s)));
            }
          }
        }
      }
    }
  }
}
