package dev.orthrus.processor.model;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.model.Allocation;
import dev.orthrus.model.CallSite;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Suppression;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Value;
import dev.orthrus.model.ValueKind;
import dev.orthrus.processor.catalog.CatalogFlags;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.datapath.DataPath;
import dev.orthrus.processor.rules.Finding;
import dev.orthrus.processor.summary.AllocationSite;
import dev.orthrus.processor.summary.ApiUse;
import dev.orthrus.processor.summary.Call;
import dev.orthrus.processor.summary.FieldRead;
import dev.orthrus.processor.summary.FieldWrite;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import dev.orthrus.processor.summary.Receiver;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/** Turns the data path, the findings and the catalog flags into the {@link ClosureReport}. */
public final class ClosureModelBuilder {

  /** The generator name written into {@code closures.json}. */
  public static final String GENERATOR = "orthrus-processor";

  private final Elements elements;
  private final JavaNames names;
  private final ValueClassifier values;

  public ClosureModelBuilder(Elements elements, JavaNames names, ValueClassifier values) {
    this.elements = elements;
    this.names = names;
    this.values = values;
  }

  /**
   * @param catalogFlags the flags written into generated catalogs, by closure id; the model's tags
   *     include them so a catalog never claims more than {@code closures.json}
   */
  public ClosureReport build(
      DataPath dataPath,
      List<Finding> findings,
      Map<String, CatalogFlags> catalogFlags,
      Collection<String> userDataTypes,
      List<Suppression> suppressions) {
    List<ClosureModel> closures = new ArrayList<>();
    for (ClosureScope scope : dataPath.closures()) {
      closures.add(closure(scope, dataPath, findings, catalogFlags.get(scope.id())));
    }
    List<Diagnostic> global = new ArrayList<>();
    for (Finding f : findings) {
      if (f.closureIds().isEmpty()) {
        global.add(diagnostic(f));
      }
    }
    List<Suppression> sorted = new ArrayList<>(suppressions);
    sorted.sort(
        Comparator.comparing(Suppression::file)
            .thenComparingLong(Suppression::startLine)
            .thenComparing(Suppression::declaration));
    return new ClosureReport(
        ClosureReport.SCHEMA_VERSION,
        GENERATOR,
        userDataTypes.stream().sorted().toList(),
        closures,
        global,
        sorted);
  }

  /** Display name, strictness and comparison from the {@code @Closure} annotation. */
  public record ClosureOptions(String name, boolean strict, String comparison) {}

  public ClosureOptions options(ExecutableElement method) {
    AnnotationMirror closure = OrthrusAnnotations.find(method, OrthrusAnnotations.CLOSURE);
    String name = "";
    boolean strict = false;
    String comparison = "EQUALS";
    if (closure != null) {
      for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
          elements.getElementValuesWithDefaults(closure).entrySet()) {
        Object v = e.getValue().getValue();
        switch (e.getKey().getSimpleName().toString()) {
          case "name" -> name = String.valueOf(v);
          case "strict" -> strict = Boolean.TRUE.equals(v);
          case "compare" ->
              comparison =
                  v instanceof VariableElement constant
                      ? constant.getSimpleName().toString()
                      : String.valueOf(v);
          default -> {}
        }
      }
    }
    return new ClosureOptions(
        name.isEmpty() ? method.getSimpleName().toString() : name, strict, comparison);
  }

  private ClosureModel closure(
      ClosureScope scope, DataPath dataPath, List<Finding> findings, CatalogFlags flags) {
    MethodSummary closure = scope.closure();
    ExecutableElement method = closure.element();
    TypeElement owner = closure.owner();
    ClosureOptions options = options(method);
    Value receiver =
        method.getModifiers().contains(Modifier.STATIC)
            ? null
            : new Value("this", names.erased(owner.asType()), values.classify(owner.asType()));
    List<Value> parameters = new ArrayList<>();
    for (VariableElement p : method.getParameters()) {
      parameters.add(
          new Value(
              p.getSimpleName().toString(), p.asType().toString(), values.classify(p.asType())));
    }
    ValueKind resultKind = values.classify(method.getReturnType());
    Value result = new Value("return", method.getReturnType().toString(), resultKind);

    List<FieldAccess> reads = new ArrayList<>();
    List<FieldAccess> writes = new ArrayList<>();
    List<Allocation> allocations = new ArrayList<>();
    List<NondeterministicCall> nondeterministic = new ArrayList<>();
    Set<Tag> tags = EnumSet.noneOf(Tag.class);
    for (MethodSummary m : scope.methods()) {
      for (FieldRead r : m.userDataReads()) {
        reads.add(new FieldAccess(r.owner(), r.field(), r.type(), m.id(), r.site().position()));
      }
      for (FieldWrite w : m.fieldWrites()) {
        if (w.userData() && w.receiver() != Receiver.STATIC) {
          writes.add(new FieldAccess(w.owner(), w.field(), w.type(), m.id(), w.site().position()));
        }
      }
      for (AllocationSite a : m.allocations()) {
        allocations.add(new Allocation(a.type(), a.userData(), m.id(), a.site().position(), null));
      }
      List<String> chain = scope.chain(m.id()).size() <= 1 ? List.of() : scope.chain(m.id());
      for (ApiUse use : m.apiUses()) {
        if (use.handling() != null) {
          nondeterministic.add(
              new NondeterministicCall(
                  use.target(),
                  use.category().jsonName(),
                  use.handling(),
                  use.site().position(),
                  chain));
        }
      }
      if (m.floatingPoint()) {
        tags.add(Tag.FLOATING_POINT);
      }
      if (m.vector()) {
        tags.add(Tag.VECTOR);
      }
    }
    if (flags != null && flags.floatingPoint()) {
      tags.add(Tag.FLOATING_POINT);
    }
    if (flags != null && flags.vector()) {
      tags.add(Tag.VECTOR);
    }
    List<CallSite> calls = new ArrayList<>();
    for (Call call : closure.calls()) {
      if (call.callee() != null) {
        calls.add(new CallSite(call.target(), followed(call, dataPath), call.site().position()));
      }
    }
    // What the methods it reaches call of code outside the sources (another module's methods): a
    // closure that only calls another closure reads and writes what that one does, not "none".
    for (MethodSummary m : scope.methods()) {
      if (m == closure) {
        continue;
      }
      for (Call call : m.calls()) {
        if (call.callee() != null
            && !JavaNames.isJdk(JavaNames.enclosingType(call.callee()))
            && !followed(call, dataPath)) {
          CallSite site = new CallSite(call.target(), false, call.site().position());
          if (!calls.contains(site)) {
            calls.add(site);
          }
        }
      }
    }
    List<Diagnostic> diagnostics = new ArrayList<>();
    for (Finding f : findings) {
      if (f.closureIds().contains(scope.id())) {
        diagnostics.add(diagnostic(f));
      }
    }
    String signature = names.signature(method);
    return new ClosureModel(
        scope.id(),
        ClosureDescriptor.keyOf(scope.id()),
        options.name(),
        names.binaryName(owner),
        method.getSimpleName().toString(),
        signature,
        closure.declaration().position(),
        options.strict(),
        options.comparison(),
        receiver,
        parameters,
        result,
        reads,
        writes,
        allocations,
        calls,
        nondeterministic,
        tags,
        diagnostics,
        List.of(),
        List.of());
  }

  private static Diagnostic diagnostic(Finding f) {
    return new Diagnostic(f.key(), f.severity(), f.message(), f.site().position());
  }

  /**
   * Whether the sources hold code the call runs: a body among its targets (an abstract method
   * alone, an interface implemented only elsewhere, is not code to follow), or a member javac
   * writes ({@link #implicitMember}).
   */
  private static boolean followed(Call call, DataPath dataPath) {
    return dataPath.targets(call).stream()
            .anyMatch(m -> !m.element().getModifiers().contains(Modifier.ABSTRACT))
        || implicitMember(call.callee());
  }

  /**
   * A member javac writes for a record or an enum of the sources, which has no code there: a
   * record's accessor (reads its final field) or an enum's {@code values()} and {@code
   * valueOf(String)}. Nothing in them touches user data, so there is nothing left to follow.
   */
  private static boolean implicitMember(ExecutableElement method) {
    Element owner = method.getEnclosingElement();
    if (owner.getKind() == ElementKind.RECORD) {
      return ((TypeElement) owner)
          .getRecordComponents().stream().anyMatch(c -> method.equals(c.getAccessor()));
    }
    String name = method.getSimpleName().toString();
    return owner.getKind() == ElementKind.ENUM
        && method.getModifiers().contains(Modifier.STATIC)
        && (name.equals("values") && method.getParameters().isEmpty()
            || name.equals("valueOf") && method.getParameters().size() == 1);
  }
}
