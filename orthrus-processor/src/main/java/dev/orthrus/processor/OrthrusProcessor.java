package dev.orthrus.processor;

import com.google.auto.service.AutoService;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.model.report.MarkdownReport;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.catalog.CatalogFlagScanner;
import dev.orthrus.processor.catalog.CatalogFlags;
import dev.orthrus.processor.catalog.CatalogGenerator;
import dev.orthrus.processor.datapath.DataPath;
import dev.orthrus.processor.model.ClosureModelBuilder;
import dev.orthrus.processor.model.ValueClassifier;
import dev.orthrus.processor.rules.Finding;
import dev.orthrus.processor.rules.Findings;
import dev.orthrus.processor.rules.OwnerRule;
import dev.orthrus.processor.rules.RuleCheck;
import dev.orthrus.processor.rules.RuleChecks;
import dev.orthrus.processor.rules.RuleContext;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.processor.summary.MethodSummarizer;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import dev.orthrus.processor.summary.UserDataType;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.FilerException;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The Orthrus annotation processor: checks {@code @Closure} and {@code @UserData} code, writes the
 * closure model ({@value ClosureReport#RESOURCE_PATH} and {@code closures.md}) and generates one
 * {@code ClosureCatalog} per class that declares closures.
 *
 * <p>Processing rounds only see declarations, so the rules run on javac's type-checked trees: a
 * {@link TaskListener} summarizes each class when javac has analyzed it (the ANALYZE event; javac
 * lowers the class right after, so nothing here keeps relying on its trees beyond positions), and
 * when the last class of the compilation has been analyzed the summaries are combined over the call
 * graph, the rules run, the outputs are written and the diagnostics printed.
 */
@AutoService(Processor.class)
public final class OrthrusProcessor extends AbstractProcessor {

  /**
   * {@code -Aorthrus.reportDir=DIR}: where {@code closures.md} goes instead of the class output.
   */
  public static final String REPORT_DIR_OPTION = "orthrus.reportDir";

  /** The Markdown report's path in the class output (next to the JSON). */
  public static final String MARKDOWN_RESOURCE_PATH = "META-INF/orthrus/closures.md";

  static final String SERVICES_PATH = "META-INF/services/" + CatalogGenerator.SERVICE;

  private final Consumer<Element> testHook;

  private Messager messager;
  private Filer filer;
  private Elements elements;
  private Trees trees;
  private JavaNames names;
  private MethodSummarizer summarizer;
  private CatalogFlagScanner flagScanner;
  private CatalogGenerator catalogs;

  private final Set<String> pendingTypes = new HashSet<>();

  /** The classes the rounds gave, in order; with their nested classes, {@link #sourceTypes}. */
  private final Set<TypeElement> rootTypes = new LinkedHashSet<>();

  private Set<TypeElement> sourceTypes;
  private final Map<String, MethodSummary> summaries = new LinkedHashMap<>();
  private final Set<String> userDataTypes = new TreeSet<>();
  private final List<UserDataType> userDataDeclarations = new ArrayList<>();
  private final Map<String, CatalogFlags> catalogFlags = new LinkedHashMap<>();
  private final Set<String> catalogOwners = new HashSet<>();
  private final Set<String> generatedCatalogs = new TreeSet<>();
  private final List<Element> catalogOrigins = new ArrayList<>();
  private boolean roundsOver;
  private boolean finished;

  private boolean judgeExports;

  private Map<String, Set<String>> unexportable = Map.of();
  private boolean treeRules;

  public OrthrusProcessor() {
    this(element -> {});
  }

  /** For tests: {@code testHook} runs on every closure element and may throw. */
  OrthrusProcessor(Consumer<Element> testHook) {
    this.testHook = testHook;
  }

  /**
   * Every compilation, not only those with {@code @Closure} on a member javac can see during the
   * rounds: closures in local and anonymous classes are found only in the type-checked trees (and
   * must be reported), and a compilation without closures still gets its (empty) closures.json.
   * Nothing is claimed, so other processors see every annotation.
   */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of("*");
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(REPORT_DIR_OPTION);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    messager = env.getMessager();
    filer = env.getFiler();
    elements = env.getElementUtils();
    names = new JavaNames(elements, env.getTypeUtils());
    catalogs = new CatalogGenerator(elements);
    try {
      JavacTask task = JavacTask.instance(env);
      trees = Trees.instance(env);
      summarizer = new MethodSummarizer(trees, elements, env.getTypeUtils());
      summarizer.sourceTypes(this::sourceTypes);
      flagScanner = new CatalogFlagScanner(trees);
      task.addTaskListener(new AnalysisListener());
      treeRules = true;
    } catch (IllegalArgumentException | IllegalStateException | UnsupportedOperationException e) {
      messager.printMessage(
          Diagnostic.Kind.WARNING,
          message(
              Rule.INTERNAL,
              "the Orthrus rules need javac's "
                  + "type-checked trees, which this compiler does not provide; closure rules and closures.json are skipped "
                  + "("
                  + e.getMessage()
                  + ")"));
    }
  }

  /**
   * The compilation's named classes, nested ones included, once the rounds are over (asked during
   * analysis, which javac starts after the last round).
   */
  private Set<TypeElement> sourceTypes() {
    if (sourceTypes == null) {
      sourceTypes = JavaNames.withNested(rootTypes);
    }
    return sourceTypes;
  }

  // ------------------------------------------------------------------ processing rounds

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      for (Element root : round.getRootElements()) {
        if (root instanceof TypeElement type) {
          pendingTypes.add(type.getQualifiedName().toString());
          rootTypes.add(type);
        }
      }
      TypeElement userData = elements.getTypeElement(OrthrusAnnotations.USER_DATA);
      if (userData != null) {
        for (Element e : round.getElementsAnnotatedWith(userData)) {
          if (e instanceof TypeElement type
              && userDataTypes.add(names.binaryName(type))
              && summarizer != null) {
            UserDataType declaration = summarizer.userDataType(type);
            if (declaration != null) {
              userDataDeclarations.add(declaration);
            }
          }
        }
      }
      TypeElement closure = elements.getTypeElement(OrthrusAnnotations.CLOSURE);
      if (closure != null) {
        Map<TypeElement, List<ExecutableElement>> byOwner = new LinkedHashMap<>();
        for (Element e : round.getElementsAnnotatedWith(closure)) {
          if (e instanceof ExecutableElement method) {
            byOwner
                .computeIfAbsent((TypeElement) method.getEnclosingElement(), k -> new ArrayList<>())
                .add(method);
          }
        }
        byOwner.forEach(this::generateCatalog);
      }
      if (round.processingOver()) {
        writeServicesFile();
        roundsOver = true;
        finishWhenComplete();
      }
    } catch (RuntimeException e) {
      internalError(null, e);
    }
    return false;
  }

  private void generateCatalog(TypeElement owner, List<ExecutableElement> closures) {
    String ownerName = names.binaryName(owner);
    if (!catalogOwners.add(ownerName)) {
      return;
    }
    String hidden = OwnerRule.hiddenBecause(owner);
    TreePath path = hidden == null ? trees.getPath(owner) : null;
    if (path != null && OwnerRule.implicitlyDeclared(owner, path.getCompilationUnit())) {
      hidden = OwnerRule.IMPLICIT;
    }
    if (hidden != null) {
      // No catalog can name it. With type-checked trees the owner rule reports it together with
      // every other finding; an error printed here, during the rounds, would stop javac before
      // any class is analyzed.
      if (!treeRules) {
        messager.printMessage(
            Diagnostic.Kind.ERROR,
            message(
                Rule.OWNER,
                "closures of `"
                    + ownerName
                    + "` are declared in "
                    + hidden
                    + ", which no closure catalog can name"),
            owner);
      }
      return;
    }
    ClosureModelBuilder options = new ClosureModelBuilder(elements, names, null);
    List<CatalogGenerator.Entry> entries = new ArrayList<>();
    // Declaration order, as ClosureCatalog promises.
    for (Element member : owner.getEnclosedElements()) {
      if (!closures.contains(member)) {
        continue;
      }
      ExecutableElement method = (ExecutableElement) member;
      try {
        testHook.accept(method);
        String id = names.methodId(method);
        CatalogFlags flags =
            flagScanner == null ? new CatalogFlags(false, false) : flagScanner.scan(method);
        catalogFlags.put(id, flags);
        ClosureModelBuilder.ClosureOptions o = options.options(method);
        entries.add(
            new CatalogGenerator.Entry(
                id,
                dev.orthrus.annotations.ClosureDescriptor.keyOf(id),
                o.name(),
                flags,
                o.strict(),
                o.comparison()));
      } catch (RuntimeException e) {
        internalError(method, e);
      }
    }
    try {
      catalogs.generate(owner, entries).writeTo(filer);
      generatedCatalogs.add(catalogs.catalogName(owner).canonicalName());
      catalogOrigins.add(owner);
    } catch (FilerException e) {
      // The catalog type is already one of the sources being compiled: typically a generated file
      // from an earlier build copied into the source tree. Regenerating it is impossible; keep it
      // registered so the runtime still finds the closures, and say that it may be stale.
      String catalog = catalogs.catalogName(owner).canonicalName();
      generatedCatalogs.add(catalog);
      catalogOrigins.add(owner);
      messager.printMessage(
          Diagnostic.Kind.WARNING,
          message(
              Rule.STALE_CATALOG,
              "`"
                  + catalog
                  + "` is already among "
                  + "the sources (an earlier build's generated file?), so it was not regenerated and may not match the "
                  + "closures of `"
                  + ownerName
                  + "`: delete it from the source tree"),
          owner);
    } catch (IOException e) {
      messager.printMessage(
          Diagnostic.Kind.ERROR,
          message(
              Rule.INTERNAL,
              "cannot write the closure catalog of `" + ownerName + "`: " + e.getMessage()),
          owner);
    }
  }

  /** One services file for the whole compilation, written in the last round. */
  private void writeServicesFile() {
    if (generatedCatalogs.isEmpty()) {
      return;
    }
    try {
      FileObject file =
          filer.createResource(
              StandardLocation.CLASS_OUTPUT,
              "",
              SERVICES_PATH,
              catalogOrigins.toArray(new Element[0]));
      try (Writer w = file.openWriter()) {
        for (String name : generatedCatalogs) {
          w.write(name);
          w.write('\n');
        }
      }
    } catch (IOException | RuntimeException e) {
      messager.printMessage(
          Diagnostic.Kind.ERROR,
          message(Rule.INTERNAL, "cannot write " + SERVICES_PATH + ": " + e));
    }
  }

  // ------------------------------------------------------------------ type-checked trees

  /** Receives javac's ANALYZE events (one per top-level class) and the end of the compilation. */
  private final class AnalysisListener implements TaskListener {
    @Override
    public void finished(TaskEvent event) {
      if (event.getKind() == TaskEvent.Kind.ANALYZE) {
        TypeElement type = event.getTypeElement();
        if (type == null || finished) {
          return;
        }
        try {
          summarizer.summarize(event.getCompilationUnit(), type, s -> summaries.put(s.id(), s));
        } catch (RuntimeException e) {
          internalError(type, e);
        }
        pendingTypes.remove(type.getQualifiedName().toString());
        finishWhenComplete();
      } else if (event.getKind() == TaskEvent.Kind.COMPILATION && !finished && roundsOver) {
        // Some classes never reached analysis (javac stopped early): report what was seen.
        finish();
      }
    }
  }

  private void finishWhenComplete() {
    if (treeRules && roundsOver && pendingTypes.isEmpty() && !finished) {
      finish();
    }
  }

  private void finish() {
    finished = true;
    try {
      DataPath dataPath = new DataPath(summaries.values(), elements);
      ValueClassifier values = new ValueClassifier(elements, processingEnv.getTypeUtils());
      List<Finding> all = findings(dataPath, values);
      ClosureReport report =
          new ClosureModelBuilder(elements, names, values)
              .build(dataPath, all, catalogFlags, userDataTypes, summarizer.suppressions());
      writeReports(report);
      if (judgeExports) {
        unexportable = unexportable(values);
      }
      for (Finding f : all) {
        trees.printMessage(
            kind(f), message(f.rule(), f.message()), f.site().tree(), f.site().unit());
      }
    } catch (RuntimeException e) {
      internalError(null, e);
    }
  }

  /**
   * Asks this processor, before the compilation, to judge the methods the rewriter may export
   * ({@link #unexportable()}); a build that does not instrument does not pay for it.
   */
  public void judgeExports() {
    judgeExports = true;
  }

  /**
   * The public methods that the rewriter may give variants for other builds' closures to call
   * (decision 0075), explored as closures are, mapped to the rules whose findings in what they
   * reach a closure would have to heed (a clock, I/O, a lock, a thread, a hash order, a write a
   * closure may not make): those are not exported. Empty unless {@link #judgeExports()} was called
   * and the compilation's analysis is over.
   */
  public Map<String, Set<String>> unexportable() {
    return unexportable;
  }

  private Map<String, Set<String>> unexportable(ValueClassifier values) {
    DataPath exports =
        new DataPath(summaries.values(), elements, s -> exportCandidate(s.element()));
    Map<String, Set<String>> blocked = new HashMap<>();
    for (Finding f : findings(exports, values)) {
      if (!EXPORT_NEUTRAL.contains(f.rule())) {
        for (String method : f.closureIds()) {
          blocked.computeIfAbsent(method, k -> new TreeSet<>()).add(f.key());
        }
      }
    }
    return blocked;
  }

  /**
   * The rules whose findings say nothing about re-executing a method inside a closure's log: they
   * judge a closure's signature and place, or what it leaves to its callers.
   */
  private static final Set<Rule> EXPORT_NEUTRAL =
      EnumSet.of(
          Rule.MATH_INTRINSIC,
          Rule.SIGNATURE,
          Rule.OWNER,
          Rule.ARGUMENT_MUTATION,
          Rule.UNANNOTATED_OVERRIDE,
          Rule.WRITE_OUTSIDE_CLOSURE,
          Rule.SUPERCLASS);

  /**
   * A public method with a body (an interface's default method included) that code in another
   * package can name, and not a closure: a root of {@link #unexportable}. The rewriter exports an
   * abstract method when its implementations pass.
   */
  private static boolean exportCandidate(ExecutableElement method) {
    return method != null
        && exportable(method)
        && !method.getModifiers().contains(Modifier.ABSTRACT)
        && !OrthrusAnnotations.isClosure(method);
  }

  /**
   * A public method that code in another package can name (every class around it public): one the
   * rewriter may give variants for other builds' closures (decision 0075).
   */
  public static boolean exportable(ExecutableElement method) {
    if (method.getKind() != ElementKind.METHOD
        || !method.getModifiers().contains(Modifier.PUBLIC)) {
      return false;
    }
    for (Element t = method.getEnclosingElement();
        t instanceof TypeElement;
        t = t.getEnclosingElement()) {
      if (!t.getModifiers().contains(Modifier.PUBLIC)) {
        return false;
      }
    }
    return true;
  }

  /** What every rule finds in what {@code path}'s roots reach. */
  private List<Finding> findings(DataPath path, ValueClassifier values) {
    RuleContext context =
        new RuleContext(
            path, userDataDeclarations, values, names, elements, processingEnv.getTypeUtils());
    Findings findings = new Findings();
    for (RuleCheck check : RuleChecks.all()) {
      check.check(context, findings);
    }
    return findings.all();
  }

  /** A diagnostic's text: {@code [key] message}, ending with the rule's documentation. */
  static String message(Rule rule, String message) {
    return "[" + rule.key() + "] " + message + " (see " + rule.docUri() + ")";
  }

  private static Diagnostic.Kind kind(Finding f) {
    switch (f.severity()) {
      case ERROR:
        return Diagnostic.Kind.ERROR;
      case WARNING:
        return Diagnostic.Kind.WARNING;
      default:
        return Diagnostic.Kind.NOTE;
    }
  }

  private void writeReports(ClosureReport report) {
    Element[] origins = catalogOrigins.toArray(new Element[0]);
    writeResource(ClosureReport.RESOURCE_PATH, ClosureReportJson.write(report), origins);
    String markdown = MarkdownReport.render(report);
    String reportDir = processingEnv.getOptions().get(REPORT_DIR_OPTION);
    if (reportDir == null || reportDir.isBlank()) {
      writeResource(MARKDOWN_RESOURCE_PATH, markdown, origins);
      return;
    }
    try {
      Path dir = Paths.get(reportDir);
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("closures.md"), markdown, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      messager.printMessage(
          Diagnostic.Kind.ERROR,
          message(
              Rule.INTERNAL,
              "cannot write the closure report into -A"
                  + REPORT_DIR_OPTION
                  + "="
                  + reportDir
                  + ": "
                  + e.getMessage()));
    }
  }

  private void writeResource(String path, String content, Element[] origins) {
    try {
      FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", path, origins);
      try (Writer w = file.openWriter()) {
        w.write(content);
      }
    } catch (IOException | RuntimeException e) {
      messager.printMessage(
          Diagnostic.Kind.ERROR, message(Rule.INTERNAL, "cannot write " + path + ": " + e));
    }
  }

  /** An unexpected exception: one error on the element being processed, never a javac crash. */
  private void internalError(Element element, RuntimeException e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    String first =
        trace.toString().lines().limit(6).reduce((a, b) -> a + "\n" + b).orElse(e.toString());
    String message =
        message(
            Rule.INTERNAL,
            "the Orthrus processor failed unexpectedly; please report this with "
                + "the source that triggered it: "
                + first);
    if (element != null) {
      messager.printMessage(Diagnostic.Kind.ERROR, message, element);
    } else {
      messager.printMessage(Diagnostic.Kind.ERROR, message);
    }
  }
}
