package dev.orthrus.analysis;

import dev.orthrus.analysis.escape.ClosureContext;
import dev.orthrus.analysis.escape.EscapeSummaries;
import dev.orthrus.analysis.escape.MethodEscapeGraph;
import dev.orthrus.analysis.facts.NondeterminismRules;
import dev.orthrus.analysis.facts.TagRules;
import dev.orthrus.analysis.facts.UserDataMutability;
import dev.orthrus.analysis.program.MethodIds;
import dev.orthrus.analysis.program.Reachability;
import dev.orthrus.analysis.program.SootProgram;
import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.model.Allocation;
import dev.orthrus.model.CallSite;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Value;
import dev.orthrus.model.ValueKind;
import dev.orthrus.model.Violation;
import dev.orthrus.model.rules.Rule;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import soot.ArrayType;
import soot.Body;
import soot.Local;
import soot.PrimType;
import soot.RefType;
import soot.SootClass;
import soot.SootField;
import soot.SootMethod;
import soot.Type;
import soot.Unit;
import soot.VoidType;
import soot.jimple.ArrayRef;
import soot.jimple.AssignStmt;
import soot.jimple.DynamicInvokeExpr;
import soot.jimple.FieldRef;
import soot.jimple.IdentityStmt;
import soot.jimple.ParameterRef;
import soot.jimple.Stmt;
import soot.tagkit.AnnotationBooleanElem;
import soot.tagkit.AnnotationElem;
import soot.tagkit.AnnotationEnumElem;
import soot.tagkit.AnnotationIntElem;
import soot.tagkit.AnnotationStringElem;
import soot.tagkit.AnnotationTag;

/**
 * Builds the {@link ClosureAnalysis} of one closure from the program, its summaries and its call
 * graph.
 */
final class ClosureAnalyzer {

  static final String UNVERSIONED_WRITE = Rule.UNVERSIONED_WRITE.key();
  static final String STATIC_WRITE = Rule.STATIC_WRITE.key();
  static final String THREAD_START = Rule.THREAD.key();

  private final SootProgram program;
  private final EscapeSummaries summaries;

  ClosureAnalyzer(SootProgram program, EscapeSummaries summaries) {
    this.program = program;
    this.summaries = summaries;
  }

  ClosureAnalysis analyze(SootMethod closure, Reachability reach) {
    ClosureContext ctx = new ClosureContext(program, summaries, reach);
    Map<Object, EscapeState> states = new LinkedHashMap<>();
    boolean stable = false;
    for (int round = 0; round < 8 && !stable; round++) {
      ctx.beginRound();
      states.clear();
      for (SootMethod m : reach.methods()) {
        MethodEscapeGraph g = summaries.graph(m);
        if (g == null) {
          continue;
        }
        for (MethodEscapeGraph.AllocationSite a : g.allocations()) {
          states.put(a, ctx.resolve(m, g.esc(a.node())));
        }
        for (MethodEscapeGraph.StoreSite st : g.stores()) {
          // Where the written object comes from: made by this execution, or existing shared state.
          states.put(st, st.isStatic() ? EscapeState.GLOBAL : ctx.origin(m, g.src(st.base())));
        }
        for (Map.Entry<Local, Integer> l : g.localNodes().entrySet()) {
          states.put(l.getKey(), ctx.resolve(m, g.loc(l.getValue())));
        }
      }
      stable = ctx.endRound();
    }

    List<Allocation> allocations = new ArrayList<>();
    // Sets: one source line often compiles to several loads of the same field.
    Set<FieldAccess> reads = new LinkedHashSet<>();
    Set<FieldAccess> writes = new LinkedHashSet<>();
    List<CallSite> calls = new ArrayList<>();
    Set<Tag> tags = EnumSet.noneOf(Tag.class);
    Set<String> tagReasons = new LinkedHashSet<>();
    List<NondeterministicCall> nondeterministic = new ArrayList<>();
    List<Violation> violations = new ArrayList<>();
    Set<String> userDataValues = new TreeSet<>(); // sorted: Soot locals hash by identity
    Set<String> unknown = new TreeSet<>();
    for (SootMethod m : reach.methods()) {
      String id = MethodIds.of(m);
      Body body = program.body(m);
      MethodEscapeGraph g = summaries.graph(m);
      if (body == null || g == null) {
        continue;
      }
      List<String> chain = m.equals(closure) ? List.of() : reach.chainTo(m);
      if (!MethodEscapeGraph.isLambdaFactory(m)) {
        for (MethodEscapeGraph.AllocationSite a : g.allocations()) {
          allocations.add(
              new Allocation(
                  a.type().toString(),
                  program.isUserData(a.type()),
                  id,
                  SootProgram.position(m, a.unit()),
                  escapeOf(a, states.get(a))));
        }
      }
      for (MethodEscapeGraph.StoreSite st : g.stores()) {
        Violation v =
            violation(
                st, states.get(st), chainOrSelf(chain, id), SootProgram.position(m, st.stmt()));
        if (v != null) {
          violations.add(v);
        }
      }
      for (MethodEscapeGraph.CallSiteNodes c : g.calls()) {
        if (c.targets().unknown()) {
          unknown.add(MethodIds.of(c.call().getMethodRef()));
        }
      }
      Map<Local, SootField> userDataArrays = userDataArrayLocals(body, program);
      for (Unit u : body.getUnits()) {
        Stmt s = (Stmt) u;
        SourcePosition pos = SootProgram.position(m, s);
        if (s.containsArrayRef()
            && s.getArrayRef().getBase() instanceof Local base
            && userDataArrays.containsKey(base)) {
          // table[i] = n, where table was loaded from a user-data field: the processor's
          // "table[]" element access, for a jar analyzed without its report.
          SootField field = userDataArrays.get(base);
          FieldAccess access =
              new FieldAccess(
                  field.getDeclaringClass().getName(),
                  field.getName() + "[]",
                  ((ArrayType) field.getType()).getElementType().toString(),
                  id,
                  pos);
          ArrayRef element = s.getArrayRef();
          boolean store = s.getDefBoxes().stream().anyMatch(b -> b.getValue() == element);
          (store ? writes : reads).add(access);
        }
        if (s.containsFieldRef()) {
          FieldRef f = s.getFieldRef();
          SootField field = f.getField();
          if (program.isUserDataClass(field.getDeclaringClass().getName())) {
            FieldAccess access =
                new FieldAccess(
                    field.getDeclaringClass().getName(),
                    field.getName(),
                    field.getType().toString(),
                    id,
                    pos);
            boolean store = s.getDefBoxes().stream().anyMatch(b -> b.getValue() == f);
            (store ? writes : reads).add(access);
          }
          if (holdsUserData(field)) {
            userDataValues.add(
                "field "
                    + field.getDeclaringClass().getName()
                    + "."
                    + field.getName()
                    + " ("
                    + field.getType()
                    + ")");
          }
        }
        TagRules.TagHit hit = TagRules.of(s, body);
        if (hit != null) {
          tags.add(hit.tag());
          tagReasons.add(
              hit.tag().jsonName()
                  + ": "
                  + hit.reason()
                  + " in "
                  + id
                  + (pos.line() > 0 ? " line " + pos.line() : ""));
        }
        NondeterminismRules.Finding n = NondeterminismRules.of(s, body);
        if (n != null && n.handling() != null) {
          nondeterministic.add(
              new NondeterministicCall(
                  n.target(), n.category().jsonName(), n.handling(), pos, chain));
        }
        if (n != null && n.startsThread()) {
          violations.add(
              new Violation(
                  THREAD_START,
                  "starts a thread or submits work to another thread via `"
                      + n.target()
                      + "`; a closure must stay single-threaded",
                  chainOrSelf(chain, id),
                  pos));
        }
        Local changed = UserDataMutability.mutatedObject(s, m, body);
        UserDataMutability.Mutation mutation =
            changed == null ? null : UserDataMutability.mutation(s, changed, body, program);
        if (mutation == null
            && changed != null
            && g.nodeOf(changed) >= 0
            && ctx.origin(m, g.src(g.nodeOf(changed))) == EscapeState.USER_DATA) {
          // Reached from user data through a parameter or a callee's result: the same finding.
          mutation = new UserDataMutability.Mutation(null, UserDataMutability.methodOf(s));
        }
        if (mutation != null) {
          violations.add(
              new Violation(
                  Rule.MUTABLE_COLLECTION.key(), mutation.message(), chainOrSelf(chain, id), pos));
        }
        if (!s.containsInvokeExpr()) {
          continue;
        }
        var call = s.getInvokeExpr();
        // Not an invokedynamic (a string concatenation, a lambda's factory): no method is called.
        if (m.equals(closure)
            && !(call instanceof DynamicInvokeExpr)
            && !call.getMethodRef().getName().equals("bootstrap$")) {
          calls.add(
              new CallSite(
                  MethodIds.of(call.getMethodRef()),
                  call.getMethodRef().getDeclaringClass().isApplicationClass(),
                  pos));
        }
      }
      for (Map.Entry<Local, Integer> l : g.localNodes().entrySet()) {
        if (states.get(l.getKey()) == EscapeState.USER_DATA
            || program.isUserData(l.getKey().getType())) {
          String name = l.getKey().getName();
          if (!name.startsWith("$") && !name.matches("l\\d+|r\\d+")) {
            userDataValues.add(id + ": local " + name + " (" + l.getKey().getType() + ")");
          }
        }
      }
      for (Unit u : body.getUnits()) {
        if (u instanceof IdentityStmt is
            && is.getRightOp() instanceof ParameterRef p
            && states.get(is.getLeftOp()) == EscapeState.USER_DATA) {
          userDataValues.add(id + ": parameter " + p.getIndex() + " (" + p.getType() + ")");
        }
      }
    }
    List<String> reachable =
        new ArrayList<>(new TreeSet<>(reach.methods().stream().map(MethodIds::of).toList()));
    AnnotationTag annotation =
        SootProgram.annotation(closure.getTags(), SootProgram.CLOSURE_ANNOTATION);
    String name = stringElement(annotation, "name", "");
    String id = MethodIds.of(closure);
    // diagnostics stay empty: findings from the call graph are violations, the rest are
    // report-wide.
    ClosureModel model =
        new ClosureModel(
            id,
            ClosureDescriptor.keyOf(id),
            name.isEmpty() ? closure.getName() : name,
            closure.getDeclaringClass().getName(),
            closure.getName(),
            MethodIds.signature(closure),
            program.position(closure),
            booleanElement(annotation, "strict"),
            enumElement(annotation, "compare", "EQUALS"),
            closure.isStatic()
                ? null
                : new Value(
                    "this",
                    closure.getDeclaringClass().getName(),
                    kindOf(closure.getDeclaringClass().getType())),
            parameters(closure),
            closure.getReturnType() instanceof VoidType
                ? new Value("return", "void", ValueKind.VOID)
                : new Value(
                    "return", closure.getReturnType().toString(), kindOf(closure.getReturnType())),
            new ArrayList<>(reads),
            new ArrayList<>(writes),
            allocations,
            calls,
            nondeterministic,
            tags,
            List.of(),
            reachable,
            violations);
    return new ClosureAnalysis(
        model,
        new ArrayList<>(tagReasons),
        new ArrayList<>(userDataValues),
        new ArrayList<>(unknown));
  }

  /**
   * A lambda or method reference that captures nothing is a constant: the JVM hands out one
   * instance per creation site, shared by every execution, with no state to version or compare.
   */
  private static EscapeState escapeOf(MethodEscapeGraph.AllocationSite a, EscapeState computed) {
    boolean constant =
        a.kind().equals("lambda")
            && a.unit() instanceof Stmt s
            && s.containsInvokeExpr()
            && s.getInvokeExpr().getArgCount() == 0;
    return constant ? EscapeState.NO_ESCAPE : computed;
  }

  /**
   * The violation a store makes, given where the written object comes from: a static field always;
   * a field of a {@code @UserData} class never (the write makes a new version); another field when
   * the object existed before the closure ran (an object the closure made is private to it); an
   * array element when the array existed before and is not held by user data (reference arrays in
   * user data are versioned per slot, primitive ones are the processor's array-element rule).
   */
  private Violation violation(
      MethodEscapeGraph.StoreSite st,
      EscapeState origin,
      List<String> chain,
      SourcePosition position) {
    if (st.isStatic()) {
      return new Violation(
          STATIC_WRITE,
          "writes `"
              + st.field().getDeclaringClass().getName()
              + "."
              + st.field().getName()
              + "`, a static field; a validator cannot re-execute this write",
          chain,
          position);
    }
    if (st.field() != null && program.isUserDataClass(st.field().getDeclaringClass().getName())) {
      return null;
    }
    if (origin == EscapeState.GLOBAL || origin == EscapeState.USER_DATA && st.field() != null) {
      String what =
          st.field() == null
              ? "an array element"
              : "`" + st.field().getDeclaringClass().getName() + "." + st.field().getName() + "`";
      String where =
          origin == EscapeState.USER_DATA
              ? "an object reached through user data whose class is not @UserData, so the write is not versioned"
              : "an object that existed before the closure ran and is not user data";
      return new Violation(
          UNVERSIONED_WRITE,
          "writes " + what + " of " + where + "; a validator cannot re-execute this write",
          chain,
          position);
    }
    return null;
  }

  private static List<String> chainOrSelf(List<String> chain, String id) {
    return chain.isEmpty() ? List.of(id) : chain;
  }

  /**
   * A field typed as user data, an array of it, or a generic container with a user-data argument.
   */
  private boolean holdsUserData(SootField f) {
    if (program.isUserData(f.getType())) {
      return true;
    }
    soot.tagkit.SignatureTag sig =
        (soot.tagkit.SignatureTag) f.getTag(soot.tagkit.SignatureTag.NAME);
    if (sig == null) {
      return false;
    }
    for (String ud : program.userDataTypes()) {
      if (sig.getSignature().contains("L" + ud.replace('.', '/') + ";")) {
        return true;
      }
    }
    return false;
  }

  private List<Value> parameters(SootMethod m) {
    String[] names = new String[m.getParameterCount()];
    Body body = program.body(m);
    if (body != null) {
      for (Unit u : body.getUnits()) {
        if (u instanceof IdentityStmt is && is.getRightOp() instanceof ParameterRef p) {
          String n = ((Local) is.getLeftOp()).getName();
          if (!n.startsWith("$") && !n.matches("l\\d+|r\\d+")) {
            names[p.getIndex()] = n;
          }
        }
      }
    }
    List<Value> out = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      Type t = m.getParameterType(i);
      out.add(new Value(names[i] == null ? "arg" + i : names[i], t.toString(), kindOf(t)));
    }
    return out;
  }

  ValueKind kindOf(Type t) {
    if (t instanceof PrimType) {
      return ValueKind.PRIMITIVE;
    }
    if (t instanceof ArrayType) {
      return ValueKind.ARRAY;
    }
    if (!(t instanceof RefType r)) {
      return ValueKind.NOT_COMPARABLE;
    }
    String n = r.getClassName();
    if (program.isUserDataClass(n)) {
      return ValueKind.USER_DATA;
    }
    if (n.equals("java.lang.String")) {
      return ValueKind.STRING;
    }
    if (Set.of(
            "java.lang.Integer",
            "java.lang.Long",
            "java.lang.Short",
            "java.lang.Byte",
            "java.lang.Character",
            "java.lang.Boolean",
            "java.lang.Double",
            "java.lang.Float")
        .contains(n)) {
      return ValueKind.BOXED;
    }
    SootClass c = r.getSootClass();
    if (c.isPhantom()) {
      return ValueKind.NOT_COMPARABLE;
    }
    if (c.isEnum()) {
      return ValueKind.ENUM;
    }
    if (c.hasSuperclass() && c.getSuperclass().getName().equals("java.lang.Record")) {
      return ValueKind.RECORD;
    }
    for (SootClass at = c;
        at != null && !at.getName().equals("java.lang.Object");
        at = at.hasSuperclass() ? at.getSuperclass() : null) {
      if (at.declaresMethod("boolean equals(java.lang.Object)")) {
        return ValueKind.EQUALS;
      }
    }
    return ValueKind.NOT_COMPARABLE;
  }

  private static AnnotationElem element(AnnotationTag a, String name) {
    if (a == null) {
      return null;
    }
    for (AnnotationElem e : a.getElems()) {
      if (e.getName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  static String stringElement(AnnotationTag a, String name, String fallback) {
    return element(a, name) instanceof AnnotationStringElem s ? s.getValue() : fallback;
  }

  static boolean booleanElement(AnnotationTag a, String name) {
    AnnotationElem e = element(a, name);
    if (e instanceof AnnotationBooleanElem b) {
      return b.getValue();
    }
    return e instanceof AnnotationIntElem i && i.getValue() != 0;
  }

  static String enumElement(AnnotationTag a, String name, String fallback) {
    return element(a, name) instanceof AnnotationEnumElem e ? e.getConstantName() : fallback;
  }

  /**
   * The locals of {@code body} that hold an array loaded from a field of a user-data class ({@code
   * $r1 = this.table}): an element access through one reads or writes that field's elements.
   */
  private static Map<Local, SootField> userDataArrayLocals(Body body, SootProgram program) {
    Map<Local, SootField> arrays = new java.util.HashMap<>();
    for (Unit u : body.getUnits()) {
      if (u instanceof AssignStmt assign
          && assign.getLeftOp() instanceof Local local
          && assign.getRightOp() instanceof FieldRef ref
          && ref.getField().getType() instanceof ArrayType
          && program.isUserDataClass(ref.getField().getDeclaringClass().getName())) {
        arrays.put(local, ref.getField());
      }
    }
    return arrays;
  }
}
