package dev.orthrus.analysis.escape;

import dev.orthrus.analysis.escape.LibraryCallbacks.Kind;
import dev.orthrus.analysis.escape.LibraryModel.Effect;
import dev.orthrus.analysis.program.CallTargets;
import dev.orthrus.analysis.program.FunctionalInterfaces;
import dev.orthrus.analysis.program.Reachability;
import dev.orthrus.analysis.program.SootProgram;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import soot.ArrayType;
import soot.Body;
import soot.Local;
import soot.RefLikeType;
import soot.RefType;
import soot.Scene;
import soot.SootClass;
import soot.SootField;
import soot.SootMethod;
import soot.Trap;
import soot.Type;
import soot.Unit;
import soot.Value;
import soot.jimple.ArrayRef;
import soot.jimple.AssignStmt;
import soot.jimple.CastExpr;
import soot.jimple.CaughtExceptionRef;
import soot.jimple.DynamicInvokeExpr;
import soot.jimple.IdentityStmt;
import soot.jimple.InstanceFieldRef;
import soot.jimple.InstanceInvokeExpr;
import soot.jimple.InvokeExpr;
import soot.jimple.NewArrayExpr;
import soot.jimple.NewExpr;
import soot.jimple.NewMultiArrayExpr;
import soot.jimple.ParameterRef;
import soot.jimple.ReturnStmt;
import soot.jimple.SpecialInvokeExpr;
import soot.jimple.StaticFieldRef;
import soot.jimple.StaticInvokeExpr;
import soot.jimple.Stmt;
import soot.jimple.ThisRef;
import soot.jimple.ThrowStmt;
import soot.toolkits.graph.BriefUnitGraph;
import soot.toolkits.scalar.LocalDefs;
import soot.toolkits.scalar.SimpleLocalDefs;

/**
 * The intraprocedural escape graph of one method body, with callees folded in through their
 * summaries. Flow-insensitive. Every node has three sets:
 *
 * <ul>
 *   <li><b>esc</b> ({@link Escapes}): where the objects the node denotes may be reachable from when
 *       the method returns or throws (so an allocation node's esc is its escape);
 *   <li><b>loc</b> ({@link Escapes}): where those objects live, i.e. where anything stored into
 *       them ends up;
 *   <li><b>src</b> ({@link Origins}): where those objects come from; empty for objects allocated
 *       during the closure's execution, whose fields may be written freely.
 * </ul>
 *
 * {@code x = y} makes esc(y) include esc(x), loc(x) include loc(y) and src(x) include src(y);
 * {@code b.f = x} makes esc(x) include loc(b); {@code y = b.f} makes loc(y) include loc(b) and
 * src(y) include what is inside src(b) and what this method stores into {@code f}, except that a
 * value loaded from a {@code @UserData} class or of a user-data type lives in, and comes from, user
 * data. A fresh object lives where it escapes: loc(new) includes esc(new); an object that existed
 * before lives where it comes from: loc(x) includes the places of src(x).
 *
 * <p>Exceptions follow the exception edges: a {@code throw} or a call whose callee throws goes to
 * the handlers that may catch it and, unless one surely does, leaves the method ({@link
 * Escapes#THROWN}). Functional objects handed to the JDK follow {@link LibraryCallbacks}: each
 * place where the JDK runs one is a {@link Run} with nodes for what it is given, where its results
 * go and where its exceptions go.
 */
public final class MethodEscapeGraph {

  /** An allocation site: {@code new}, an array creation, an array copy or a lambda creation. */
  public record AllocationSite(Unit unit, Type type, int node, String kind) {}

  /**
   * A call in this method: the nodes of its receiver/arguments (index 0 is the receiver), of its
   * result, and of the exceptions its application callees throw (-1 when they throw none).
   */
  public record CallSiteNodes(
      Stmt stmt, InvokeExpr call, CallTargets targets, int[] args, int result, int thrown) {}

  /**
   * A store of {@code value} into an instance field or an array element, or a static field (base =
   * -1).
   */
  public record StoreSite(Stmt stmt, SootField field, int base, int value) {
    public boolean isStatic() {
      return base < 0;
    }
  }

  /**
   * An object of an application class created here, held by {@code node}: a lambda or method
   * reference (a call of its class's factory: {@code captured} are the nodes of what it captured,
   * in its fields' order, and {@code captures} a node collecting their origins) or an instance of a
   * class ({@code captures} is -1, {@code captured} empty).
   */
  public record Creation(Unit unit, SootClass type, int node, int captures, int[] captured) {

    public boolean isLambda() {
      return captures >= 0;
    }
  }

  /**
   * A place where JDK code runs a functional object: {@code feed} is what it hands the object (its
   * loc and src), {@code sink} where the object's results go (its esc), {@code thrown} where the
   * object's exceptions go (its esc).
   */
  public record Run(Stmt stmt, int feed, int sink, int thrown) {}

  /**
   * What happens to a functional object at one use: run here, passed to an application method (as
   * parameter {@code position}), composed into another functional object, returned to the callers,
   * or anything else.
   */
  public record FunctionalUse(
      Run run, CallSiteNodes passedTo, int position, int composite, boolean returned) {

    static final FunctionalUse UNSAFE = new FunctionalUse(null, null, 0, -1, false);
    static final FunctionalUse RETURNED = new FunctionalUse(null, null, 0, -1, true);

    public boolean unsafe() {
      return run == null && passedTo == null && composite < 0 && !returned;
    }
  }

  private final SootMethod method;
  private final SootProgram program;
  private final Body body;
  private final EscapeSummaries summaries;
  private final Map<Local, Integer> localNodes = new HashMap<>();
  private final Map<SootField, Integer> fieldNodes = new HashMap<>();

  /** For each field, the nodes of the objects stored into here (by this method or its callees). */
  private final Map<SootField, Set<Integer>> storedInto = new HashMap<>();

  /** Field stores a summary describes one by one; more are summarized together. */
  private static final int MAX_STORED_FIELDS = 32;

  private final List<Escapes> esc = new ArrayList<>();
  private final List<Escapes> loc = new ArrayList<>();
  private final List<Origins> src = new ArrayList<>();

  /**
   * Released once solved: graphs of every analyzed method stay in memory for the closure contexts.
   */
  private long[] constraints = new long[64];

  private int constraintCount;
  private final List<AllocationSite> allocations = new ArrayList<>();
  private final List<CallSiteNodes> calls = new ArrayList<>();
  private final List<StoreSite> stores = new ArrayList<>();
  private final List<Creation> creations = new ArrayList<>();
  private final Map<Integer, List<FunctionalUse>> uses = new HashMap<>();
  private final List<int[]> copies = new ArrayList<>();

  /**
   * Nodes with a definition that is neither a copy nor a creation: a parameter, a load, a call
   * result.
   */
  private final Set<Integer> opaque = new HashSet<>();

  /**
   * Composed functional objects (results of {@link Kind#COMPOSES} calls): result node to its parts'
   * nodes.
   */
  private final Map<Integer, List<Integer>> composedOf = new HashMap<>();

  private final Set<Type> thrownTypes = new LinkedHashSet<>();
  private final Map<Unit, Integer> unitIndex = new HashMap<>();
  private final Map<Integer, Integer> insideNodes = new HashMap<>();

  /** Nodes of locals whose objects hold no references to other objects (strings, boxes). */
  private final Set<Integer> leaves = new HashSet<>();

  /** Parameters, receiver first, then the pseudo-parameters ({@link MethodSummary.ParamField}). */
  private final List<Integer> paramNodes = new ArrayList<>();

  private final List<MethodSummary.ParamField> paramFields;
  private final Map<MethodSummary.ParamField, Integer> paramFieldNodes = new HashMap<>();

  /** Locals that only ever hold parameter k (-1: the receiver). */
  private final Map<Local, Integer> paramLocals = new HashMap<>();

  /** Nodes standing for field f of another node, by (node, field). */
  private final Map<List<Object>, Integer> fieldOfNodes = new HashMap<>();

  /** Nodes that only ever hold parameter k: the parameters' own and their locals'. */
  private final Map<Integer, Integer> parameterOfNode = new HashMap<>();

  /**
   * While applying the summary of a call's only target: a callee's field of one of this method's
   * parameters becomes this method's own pseudo-parameter (a call that may run many methods would
   * add one for each field each of them reads).
   */
  private boolean singleTarget;

  private final int returnNode;
  private final int elementNode;

  /** Container contents, for containers not known to be allocated here. */
  private final int contentNode;

  /** Every contents node: the method's, and one per container allocated here. */
  private final List<Integer> contentNodes = new ArrayList<>();

  private final Map<Unit, Integer> siteContents = new HashMap<>();

  /** Locals that only ever hold objects allocated here: their allocation sites. */
  private final Map<Local, Set<Unit>> localSites = new HashMap<>();

  private final Map<Integer, Local> nodeLocals = new HashMap<>();

  /** Origins of what callees and the JDK store into objects of this method, field unknown. */
  private final int storedNode;

  /** Origins of everything stored into any object by this method or its callees. */
  private final int allStoredNode;

  /** Origins of the exceptions this method throws. */
  private final int thrownNode;

  private int thisLocal = -1;

  /**
   * Locals with more than one definition, such as the one a conditional expression leaves its value
   * in ({@code x ? this : new T(..)}); flow-insensitively such a local holds everything assigned to
   * it anywhere in the method.
   */
  private final Set<Local> redefined;

  /**
   * The node of the object one {@code new} made, by its statement, where the local it is assigned
   * to is {@link #redefined}: the constructor runs on that object only.
   */
  private final Map<Unit, Integer> constructed = new HashMap<>();

  /** Reaching definitions, computed for the first constructor call on a redefined local. */
  private LocalDefs localDefs;

  // Constraint kinds: target set ⊇ source set (or a function of it).
  private static final int ESC_FROM_ESC = 0;
  private static final int ESC_FROM_LOC = 1;
  private static final int LOC_FROM_LOC = 2;
  private static final int LOC_FROM_ESC = 3;
  private static final int SRC_FROM_SRC = 4;

  /** src(target) ⊇ what is inside src(source). */
  private static final int SRC_FROM_DEREF = 5;

  /** loc(target) ⊇ the places of src(source). */
  private static final int LOC_FROM_SRC = 6;

  /** loc(target) ⊇ the places of what is inside src(source). */
  private static final int LOC_FROM_INSIDE_SRC = 7;

  private MethodEscapeGraph(
      SootMethod method,
      Body body,
      SootProgram program,
      EscapeSummaries summaries,
      List<MethodSummary.ParamField> paramFields) {
    this.method = method;
    this.body = body;
    this.program = program;
    this.summaries = summaries;
    for (int i = 0; i <= method.getParameterCount(); i++) {
      paramNodes.add(parameterNode(i - 1));
      parameterOfNode.put(paramNodes.get(i), i - 1);
    }
    this.paramFields = paramFields;
    for (MethodSummary.ParamField pf : paramFields) {
      int n = parameterNode(paramNodes.size() - 1);
      paramNodes.add(n);
      paramFieldNodes.put(pf, n);
    }
    returnNode = newNode();
    storedNode = newNode();
    allStoredNode = newNode();
    thrownNode = newNode();
    elementNode = storageNode();
    contentNode = storageNode();
    contentNodes.add(contentNode);
    edge(SRC_FROM_SRC, allStoredNode, storedNode);
    edge(LOC_FROM_LOC, allStoredNode, storedNode);
    int i = 0;
    for (Unit u : body.getUnits()) {
      unitIndex.put(u, i++);
    }
    paramLocals.putAll(parameterLocals(body));
    localSites.putAll(allocatedLocals(body));
    redefined = redefinedLocals(body);
  }

  private static Set<Local> redefinedLocals(Body body) {
    Set<Local> defined = new HashSet<>();
    Set<Local> again = new HashSet<>();
    for (Unit u : body.getUnits()) {
      for (soot.ValueBox b : u.getDefBoxes()) {
        if (b.getValue() instanceof Local l && !defined.add(l)) {
          again.add(l);
        }
      }
    }
    return again;
  }

  /**
   * Builds and solves the graph of {@code body}, using {@code summaries} for application callees.
   * {@code paramFields} are the method's pseudo-parameters found by earlier builds; this build
   * appends the ones it finds.
   */
  public static MethodEscapeGraph build(
      SootMethod method,
      Body body,
      SootProgram program,
      EscapeSummaries summaries,
      List<MethodSummary.ParamField> paramFields) {
    MethodEscapeGraph g = new MethodEscapeGraph(method, body, program, summaries, paramFields);
    for (Unit u : body.getUnits()) {
      g.statement((Stmt) u);
    }
    g.solve();
    g.constraints = null;
    return g;
  }

  private int newNode() {
    esc.add(new Escapes());
    loc.add(new Escapes());
    src.add(new Origins());
    int n = esc.size() - 1;
    // An object that existed before lives where it comes from.
    addConstraint(LOC_FROM_SRC, n, n);
    return n;
  }

  /** A node for parameter (or pseudo-parameter) {@code index}: it lives and comes from there. */
  private int parameterNode(int index) {
    int n = newNode();
    loc.get(n).addParam(index);
    src.get(n).addSelf(index);
    return n;
  }

  /**
   * The pseudo-parameter for field {@code f} loaded from parameter {@code k}, or -1 when the place
   * sets have no room left for one (then the load is treated as from the parameter's inside).
   */
  private int paramField(int k, SootField f) {
    MethodSummary.ParamField pf = new MethodSummary.ParamField(k, f);
    Integer n = paramFieldNodes.get(pf);
    if (n == null) {
      int index = method.getParameterCount() + paramFields.size();
      if (index > Escapes.MAX_PARAM) {
        return -1;
      }
      n = parameterNode(index);
      paramFields.add(pf);
      paramNodes.add(n);
      paramFieldNodes.put(pf, n);
    }
    return n;
  }

  /**
   * Locals whose every definition is an allocation ({@code new}) or a copy of such a local: the
   * allocation sites they may hold.
   */
  private static Map<Local, Set<Unit>> allocatedLocals(Body body) {
    Map<Local, List<Object>> defs =
        new HashMap<>(); // Unit of a new, a Local copied, or null: other
    for (Unit u : body.getUnits()) {
      for (soot.ValueBox b : u.getDefBoxes()) {
        if (b.getValue() instanceof Local l) {
          Object def = null;
          if (u instanceof AssignStmt a) {
            Value r = a.getRightOp() instanceof CastExpr c ? c.getOp() : a.getRightOp();
            def = r instanceof NewExpr ? u : r instanceof Local from ? from : null;
          }
          defs.computeIfAbsent(l, k -> new ArrayList<>()).add(def);
        }
      }
    }
    Map<Local, Set<Unit>> sites = new HashMap<>();
    Set<Local> unknown = new HashSet<>();
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Map.Entry<Local, List<Object>> e : defs.entrySet()) {
        if (unknown.contains(e.getKey())) {
          continue;
        }
        Set<Unit> mine = sites.computeIfAbsent(e.getKey(), k -> new HashSet<>());
        for (Object def : e.getValue()) {
          if (def == null
              || def instanceof Local from && (unknown.contains(from) || !defs.containsKey(from))) {
            unknown.add(e.getKey());
            sites.remove(e.getKey());
            changed = true;
            break;
          }
          changed |=
              def instanceof Unit u ? mine.add(u) : mine.addAll(sites.getOrDefault(def, Set.of()));
        }
      }
    }
    sites.values().removeIf(Set::isEmpty);
    return sites;
  }

  /**
   * The contents node of the containers node {@code base} may be: one per container allocated here
   * (so a map's values are not mixed with another list's elements), else the method's.
   */
  private int contents(int base) {
    Local l = nodeLocals.get(base);
    Set<Unit> sites = l == null ? null : localSites.get(l);
    if (sites == null) {
      return contentNode;
    }
    int first = -1;
    for (Unit u : sites) {
      Integer c = siteContents.get(u);
      if (c == null) {
        c = storageNode();
        siteContents.put(u, c);
        contentNodes.add(c);
      }
      if (first < 0) {
        first = c;
      } else {
        // A local that may be either container: their contents mix.
        unifyContents(first, c);
      }
    }
    return first;
  }

  private void unifyContents(int a, int b) {
    for (int[] pair : new int[][] {{a, b}, {b, a}}) {
      edge(SRC_FROM_SRC, pair[0], pair[1]);
      edge(LOC_FROM_LOC, pair[0], pair[1]);
      edge(ESC_FROM_ESC, pair[0], pair[1]);
    }
  }

  /** Locals that only ever hold one parameter: their field loads can be pseudo-parameters. */
  private static Map<Local, Integer> parameterLocals(Body body) {
    Map<Local, Integer> param = new HashMap<>();
    Map<Local, Integer> defs = new HashMap<>();
    for (Unit u : body.getUnits()) {
      for (soot.ValueBox b : u.getDefBoxes()) {
        if (b.getValue() instanceof Local l) {
          defs.merge(l, 1, Integer::sum);
          if (u instanceof IdentityStmt id && id.getRightOp() instanceof ThisRef) {
            param.put(l, -1);
          } else if (u instanceof IdentityStmt id && id.getRightOp() instanceof ParameterRef p) {
            param.put(l, p.getIndex());
          }
        }
      }
    }
    param.keySet().removeIf(l -> defs.get(l) != 1);
    return param;
  }

  /**
   * A node for field {@code f} of the objects of node {@code n} (a callee's pseudo-parameter at a
   * call): what is stored there, or inside n's origins.
   */
  private int fieldOf(int n, SootField f) {
    if (n < 0) {
      return -1;
    }
    List<Object> key = List.of(n, f);
    Integer h = fieldOfNodes.get(key);
    if (h == null) {
      h = newNode();
      fieldOfNodes.put(key, h);
      edge(LOC_FROM_LOC, h, n);
      stored(h, fieldNode(f));
      Integer param = singleTarget ? parameterOfNode.get(n) : null;
      int pseudo = param == null || livesInUserData(f) ? -1 : paramField(param, f);
      if (pseudo >= 0) {
        // A field of one of this method's parameters: this method's own pseudo-parameter.
        copy(h, pseudo);
      } else {
        edge(SRC_FROM_DEREF, h, n);
        edge(SRC_FROM_SRC, h, storedNode);
      }
    }
    return h;
  }

  /**
   * A node for stored values (a field, array elements, container contents), part of everything
   * stored.
   */
  private int storageNode() {
    int n = newNode();
    edge(SRC_FROM_SRC, allStoredNode, n);
    edge(LOC_FROM_LOC, allStoredNode, n);
    return n;
  }

  /** {@code x} is stored into a structure whose stored values {@code storage} collects. */
  private void stored(int storage, int x) {
    if (!leaves.contains(x)) {
      edge(SRC_FROM_SRC, storage, x);
      edge(LOC_FROM_LOC, storage, x);
    }
  }

  /**
   * A node whose loc is where the objects inside {@code n} live: inside its origins, and, for an
   * object made here, wherever what was stored lives.
   */
  private int insideNode(int n) {
    Integer h = insideNodes.get(n);
    if (h == null) {
      h = newNode();
      insideNodes.put(n, h);
      edge(LOC_FROM_LOC, h, n);
      edge(LOC_FROM_INSIDE_SRC, h, n);
      edge(LOC_FROM_LOC, h, allStoredNode);
      insideOrigins(h, n);
    }
    return h;
  }

  /**
   * The node standing for a callee's parameter {@code k} at a call: the argument, or for a
   * pseudo-parameter that field of the argument; -1 when unknown.
   */
  private int argAt(MethodSummary callee, int[] args, int k) {
    int real = callee.realParameterCount();
    if (k < real) {
      return k + 1 < args.length ? args[k + 1] : -1;
    }
    MethodSummary.ParamField pf = callee.paramFields().get(k - real);
    return pf.param() + 1 < args.length ? fieldOf(args[pf.param() + 1], pf.field()) : -1;
  }

  /** For a callee's pseudo-parameter {@code k}, the argument whose field it is; else -1. */
  private static int ownerAt(MethodSummary callee, int[] args, int k) {
    int real = callee.realParameterCount();
    if (k < real || k - real >= callee.paramFields().size()) {
      return -1;
    }
    int p = callee.paramFields().get(k - real).param();
    return p + 1 < args.length ? args[p + 1] : -1;
  }

  private int node(Value v) {
    if (v instanceof Local l && l.getType() instanceof RefLikeType) {
      return localNodes.computeIfAbsent(
          l,
          k -> {
            int n = newNode();
            if (isLeaf(k.getType())) {
              leaves.add(n);
            }
            if (paramLocals.containsKey(k)) {
              parameterOfNode.put(n, paramLocals.get(k));
            }
            nodeLocals.put(n, k);
            return n;
          });
    }
    return -1;
  }

  private static final Set<String> LEAF_CLASSES =
      Set.of(
          "java.lang.String",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Short",
          "java.lang.Byte",
          "java.lang.Character",
          "java.lang.Boolean",
          "java.lang.Double",
          "java.lang.Float",
          "java.math.BigInteger",
          "java.math.BigDecimal");

  /** Immutable JDK values: nothing can be stored into them, so they never hold another object. */
  private static boolean isLeaf(Type t) {
    return t instanceof RefType r && LEAF_CLASSES.contains(r.getClassName());
  }

  private int fieldNode(SootField f) {
    Integer n = fieldNodes.get(f);
    if (n == null) {
      n = storageNode();
      fieldNodes.put(f, n);
    }
    return n;
  }

  private void edge(int kind, int target, int source) {
    // A node's set including itself is a no-op, but loc(n) including esc(n) is not.
    boolean sameSet =
        target == source && (kind == ESC_FROM_ESC || kind == LOC_FROM_LOC || kind == SRC_FROM_SRC);
    if (target >= 0 && source >= 0 && !sameSet) {
      addConstraint(kind, target, source);
    }
  }

  private void copy(int to, int from) {
    edge(ESC_FROM_ESC, from, to);
    edge(LOC_FROM_LOC, to, from);
    edge(SRC_FROM_SRC, to, from);
    if (to >= 0 && from >= 0) {
      copies.add(new int[] {to, from});
    }
  }

  private void escFlag(int n, int flag) {
    if (n >= 0) {
      esc.get(n).addFlags(flag);
    }
  }

  private void locFlag(int n, int flag) {
    if (n >= 0) {
      loc.get(n).addFlags(flag);
    }
  }

  private void srcFlag(int n, int flag) {
    if (n >= 0) {
      src.get(n).addFlags(flag);
    }
  }

  /**
   * {@code y} is loaded from {@code base}'s structure: it comes from inside base's origins or from
   * what was stored at {@code storage} or by callees; a field's stored values also tell where a
   * loaded one lives (for container contents, one node for the whole method, the origins do that);
   * whatever is in base escapes where y does.
   */
  private void load(int y, int base, int storage) {
    edge(SRC_FROM_DEREF, y, base);
    edge(SRC_FROM_SRC, y, storage);
    edge(SRC_FROM_SRC, y, storedNode);
    if (!contentNodes.contains(storage)) {
      edge(LOC_FROM_LOC, y, storage);
    }
    edge(LOC_FROM_LOC, y, storedNode);
    edge(LOC_FROM_ESC, base, y);
  }

  /**
   * What is inside {@code n}: inside its origins, and for a fresh object what was stored anywhere.
   */
  private void insideOrigins(int target, int n) {
    edge(SRC_FROM_DEREF, target, n);
    edge(SRC_FROM_SRC, target, allStoredNode);
  }

  private boolean livesInUserData(SootField f) {
    return program.isUserDataClass(f.getDeclaringClass().getName())
        || program.isUserData(f.getType());
  }

  private void use(int n, FunctionalUse u) {
    if (n >= 0) {
      uses.computeIfAbsent(n, k -> new ArrayList<>()).add(u);
    }
  }

  private void statement(Stmt s) {
    if (s instanceof IdentityStmt id) {
      int l = node(id.getLeftOp());
      if (id.getRightOp() instanceof ThisRef) {
        thisLocal = l;
        unify(l, paramNodes.get(0));
      } else if (id.getRightOp() instanceof ParameterRef p) {
        unify(l, paramNodes.get(p.getIndex() + 1));
      }
      opaque.add(l);
      return;
    }
    if (s instanceof ReturnStmt r) {
      int x = node(r.getOp());
      escFlag(x, Escapes.RETURNED);
      edge(LOC_FROM_LOC, returnNode, x);
      edge(SRC_FROM_SRC, returnNode, x);
      use(x, FunctionalUse.RETURNED);
      return;
    }
    if (s instanceof ThrowStmt t) {
      route(s, node(t.getOp()), List.of(t.getOp().getType()));
      return;
    }
    if (s instanceof AssignStmt a) {
      assignment(a);
      return;
    }
    if (s.containsInvokeExpr()) {
      call(s, s.getInvokeExpr(), -1);
    }
  }

  private void unify(int a, int b) {
    copy(a, b);
    copy(b, a);
  }

  /**
   * Sends exceptions held by {@code x} (of the given static types) along the exception edges of
   * {@code s}: into the handlers that may catch them, in the order the class file lists them, and
   * out of the method unless a handler surely catches every type.
   */
  private void route(Stmt s, int x, Collection<Type> types) {
    if (x < 0) {
      return;
    }
    List<Type> open = new ArrayList<>(types);
    int at = unitIndex.get(s);
    for (Trap trap : body.getTraps()) {
      if (open.isEmpty()) {
        break;
      }
      if (at < unitIndex.get(trap.getBeginUnit()) || at >= unitIndex.get(trap.getEndUnit())) {
        continue;
      }
      int handler =
          trap.getHandlerUnit() instanceof IdentityStmt h
                  && h.getRightOp() instanceof CaughtExceptionRef
              ? node(h.getLeftOp())
              : -1;
      if (handler < 0) {
        continue;
      }
      boolean mayCatch = false;
      for (Iterator<Type> it = open.iterator(); it.hasNext(); ) {
        Type type = it.next();
        SootClass thrown = type instanceof RefType r ? r.getSootClass() : null;
        if (thrown != null && program.isSubclass(thrown, trap.getException())) {
          it.remove();
          mayCatch = true;
        } else if (thrown == null
            || thrown.isPhantom()
            || trap.getException().isPhantom()
            || program.isSubclass(trap.getException(), thrown)) {
          mayCatch = true;
        }
      }
      if (mayCatch) {
        copy(handler, x);
      }
    }
    if (!open.isEmpty()) {
      escFlag(x, Escapes.THROWN);
      edge(SRC_FROM_SRC, thrownNode, x);
      thrownTypes.addAll(open);
    }
  }

  private void assignment(AssignStmt a) {
    Value left = a.getLeftOp();
    Value right = a.getRightOp();
    if (left instanceof Local) {
      int l = node(left);
      if (right instanceof InvokeExpr call) {
        call(a, call, l);
        return;
      } else if (l < 0) {
        return;
      }
      if (!(right instanceof Local
          || right instanceof CastExpr
          || right instanceof NewExpr n && n.getBaseType().getSootClass().isApplicationClass())) {
        opaque.add(l);
      }
      if (right instanceof Local) {
        copy(l, node(right));
      } else if (right instanceof CastExpr c) {
        copy(l, node(c.getOp()));
      } else if (right instanceof NewExpr n && redefined.contains((Local) left)) {
        int made = constructedBy(a);
        if (!n.getBaseType().getSootClass().isApplicationClass()) {
          opaque.add(made);
        }
        copy(l, made);
        allocation(a, right.getType(), made, "new");
      } else if (right instanceof NewExpr
          || right instanceof NewArrayExpr
          || right instanceof NewMultiArrayExpr) {
        allocation(a, right.getType(), l, right instanceof NewExpr ? "new" : "array");
      } else if (right instanceof InstanceFieldRef f) {
        SootField field = f.getField();
        Integer owner = f.getBase() instanceof Local b ? paramLocals.get(b) : null;
        int pseudo = owner == null || livesInUserData(field) ? -1 : paramField(owner, field);
        if (pseudo >= 0) {
          // A field of a parameter: a pseudo-parameter, resolved as that field of the caller's
          // argument.
          int base = node(f.getBase());
          copy(l, pseudo);
          edge(LOC_FROM_LOC, l, base);
          edge(LOC_FROM_ESC, base, l);
          stored(l, fieldNode(field));
        } else if (livesInUserData(field)) {
          locFlag(l, Escapes.USER_DATA);
          srcFlag(l, Origins.USER_DATA);
          edge(LOC_FROM_ESC, node(f.getBase()), l);
        } else {
          edge(LOC_FROM_LOC, l, node(f.getBase()));
          load(l, node(f.getBase()), fieldNode(field));
        }
        edge(ESC_FROM_ESC, fieldNode(field), l);
      } else if (right instanceof StaticFieldRef) {
        locFlag(l, Escapes.GLOBAL);
        escFlag(l, Escapes.GLOBAL);
        srcFlag(l, Origins.GLOBAL);
      } else if (right instanceof ArrayRef r) {
        if (program.isUserData(r.getType())) {
          locFlag(l, Escapes.USER_DATA);
          srcFlag(l, Origins.USER_DATA);
        }
        edge(LOC_FROM_LOC, l, node(r.getBase()));
        load(l, node(r.getBase()), elementNode);
        edge(ESC_FROM_ESC, elementNode, l);
      }
      return;
    }
    int x = node(right);
    use(x, FunctionalUse.UNSAFE);
    if (left instanceof InstanceFieldRef f) {
      int base = node(f.getBase());
      stores.add(new StoreSite(a, f.getField(), base, x));
      edge(ESC_FROM_LOC, x, base);
      edge(ESC_FROM_ESC, x, fieldNode(f.getField()));
      stored(fieldNode(f.getField()), x);
      storedInto.computeIfAbsent(f.getField(), k -> new HashSet<>()).add(base);
    } else if (left instanceof StaticFieldRef f) {
      stores.add(new StoreSite(a, f.getField(), -1, x));
      escFlag(x, Escapes.GLOBAL);
    } else if (left instanceof ArrayRef r) {
      int base = node(r.getBase());
      stores.add(new StoreSite(a, null, base, x));
      edge(ESC_FROM_LOC, x, base);
      edge(ESC_FROM_ESC, x, elementNode);
      stored(elementNode, x);
    }
  }

  private void allocation(Unit u, Type type, int local, String kind) {
    int site = newNode();
    allocations.add(new AllocationSite(u, type, site, kind));
    if (local >= 0) {
      edge(ESC_FROM_ESC, site, local);
      edge(LOC_FROM_ESC, local, site);
      // The object a lambda factory makes is represented by the factory's call.
      if (kind.equals("new")
          && type instanceof RefType r
          && r.getSootClass().isApplicationClass()
          && !isLambdaFactory(method)) {
        creations.add(new Creation(u, r.getSootClass(), local, -1, new int[0]));
      }
    }
  }

  private void call(Stmt s, InvokeExpr call, int result) {
    CallTargets targets = program.targets(call, body);
    int[] args = new int[call.getArgCount() + 1];
    args[0] = call instanceof InstanceInvokeExpr ie ? receiver(s, ie) : -1;
    for (int i = 0; i < call.getArgCount(); i++) {
      args[i + 1] = node(call.getArg(i));
    }
    int r = result >= 0 ? result : newNode();
    Set<Type> calleeThrows = new LinkedHashSet<>();
    List<MethodSummary> applied = new ArrayList<>();
    boolean lambdaFactory = false;
    singleTarget = targets.application().size() == 1;
    List<SootMethod> called = new ArrayList<>();
    for (SootMethod t : targets.application()) {
      if (isLambdaFactory(t)) {
        lambdaFactory = true;
        lambdaCreation(s, t, args, r);
      } else {
        called.add(t);
      }
    }
    if (called.size() == 1) {
      applied.add(summaries.summaryOf(called.get(0)));
    } else if (called.size() > 1) {
      // A call that may run many methods (an interface with many implementations): one summary.
      applied.add(summaries.unionOf(called));
    }
    for (MethodSummary summary : applied) {
      applySummary(summary, args, r);
      calleeThrows.addAll(summary.thrownTypes());
    }
    int thrown = calleeThrows.isEmpty() ? -1 : calleeThrown(s, args, applied, calleeThrows);
    for (MethodSummary callee : singleTarget ? applied : List.<MethodSummary>of()) {
      // A callee's field of one of this method's parameters is this method's own pseudo-parameter
      // (contexts compute the other arguments' fields from their nodes, see fieldOrigins).
      for (MethodSummary.ParamField pf : callee.paramFields()) {
        if (pf.param() + 1 < args.length && parameterOfNode.containsKey(args[pf.param() + 1])) {
          fieldOf(args[pf.param() + 1], pf.field());
        }
      }
    }
    singleTarget = false;
    CallSiteNodes site = new CallSiteNodes(s, call, targets, args, r, thrown);
    calls.add(site);
    Kind callbacks =
        targets.library() && !targets.unknown() ? LibraryCallbacks.of(call.getMethodRef()) : null;
    if (!lambdaFactory && callbacks != Kind.COMPOSES) {
      opaque.add(r);
    }
    recordUses(site, callbacks, lambdaFactory);
    if (targets.unknown()) {
      mayEscape(args, r);
    } else if (call instanceof DynamicInvokeExpr dyn) {
      String bootstrap = dyn.getBootstrapMethodRef().getDeclaringClass().getName();
      if (!bootstrap.equals("java.lang.invoke.StringConcatFactory")
          && !bootstrap.equals("java.lang.runtime.ObjectMethods")
          && !bootstrap.equals("java.lang.runtime.SwitchBootstraps")) {
        mayEscape(args, r);
      }
    } else if (callbacks != null) {
      callbacks(callbacks, site);
    } else if (targets.library()) {
      boolean arrayClone =
          call.getMethodRef().getName().equals("clone")
              && args[0] >= 0
              && ((Local) ((InstanceInvokeExpr) call).getBase()).getType() instanceof ArrayType;
      library(LibraryModel.effect(call.getMethodRef(), arrayClone), s, call, args, r);
    }
  }

  /**
   * The node of a call's receiver. A constructor call on a {@link #redefined} local runs on the
   * object the {@code new} that reaches it made, not on everything else the local holds elsewhere
   * (the JVM's verifier allows a constructor only on the object of one {@code new}).
   */
  private int receiver(Stmt s, InstanceInvokeExpr call) {
    if (call instanceof SpecialInvokeExpr
        && call.getMethodRef().getName().equals(SootMethod.constructorName)
        && call.getBase() instanceof Local base
        && redefined.contains(base)) {
      if (localDefs == null) {
        localDefs = new SimpleLocalDefs(new BriefUnitGraph(body));
      }
      List<Unit> defs = localDefs.getDefsOfAt(base, s);
      if (defs.size() == 1
          && defs.get(0) instanceof AssignStmt a
          && a.getRightOp() instanceof NewExpr) {
        return constructedBy(a);
      }
    }
    return node(call.getBase());
  }

  private int constructedBy(Unit newStatement) {
    return constructed.computeIfAbsent(newStatement, k -> newNode());
  }

  /**
   * Soot's synthetic lambda class: creating it is an allocation at this call; the captured values
   * are stored in the new object's fields {@code cap0, cap1, ...}, which its methods read.
   */
  private void lambdaCreation(Stmt s, SootMethod factory, int[] args, int r) {
    allocation(s, factory.getReturnType(), r, "lambda");
    int captures = newNode();
    List<SootField> fields = lambdaFields(factory.getDeclaringClass());
    for (int i = 1; i < args.length; i++) {
      edge(ESC_FROM_LOC, args[i], r);
      edge(SRC_FROM_SRC, captures, args[i]);
      insideOrigins(captures, args[i]);
      if (i - 1 < fields.size() && args[i] >= 0) {
        int field = fieldNode(fields.get(i - 1));
        stored(field, args[i]);
        edge(ESC_FROM_ESC, args[i], field);
      }
    }
    creations.add(
        new Creation(
            s,
            factory.getDeclaringClass(),
            r,
            captures,
            java.util.Arrays.copyOfRange(args, 1, args.length)));
  }

  /** A lambda class's capture fields in the order of its factory's parameters. */
  private static List<SootField> lambdaFields(SootClass lambda) {
    List<SootField> out = new ArrayList<>();
    for (SootField f : lambda.getFields()) {
      if (!f.isStatic()) {
        out.add(f);
      }
    }
    out.sort(
        java.util.Comparator.comparingInt(
            f -> Integer.parseInt("0" + f.getName().replaceAll("\\D", ""))));
    return out;
  }

  /** The node of the exceptions the callees throw: fresh ones, or arguments they throw back. */
  private int calleeThrown(Stmt s, int[] args, List<MethodSummary> applied, Set<Type> types) {
    int t = newNode();
    edge(LOC_FROM_ESC, t, t);
    for (MethodSummary summary : applied) {
      for (int k = -1; k < summary.parameterCount(); k++) {
        int a = argAt(summary, args, k);
        if (a >= 0 && summary.param(k).has(Escapes.THROWN)) {
          edge(ESC_FROM_ESC, a, t);
          edge(LOC_FROM_LOC, t, a);
        }
      }
      mapOrigins(summary.thrownOrigins(), summary, args, t);
    }
    route(s, t, types);
    return t;
  }

  /**
   * Adds, at {@code target}, the caller's view of a callee's origins: its parameters become the
   * arguments.
   */
  private void mapOrigins(Origins o, MethodSummary callee, int[] args, int target) {
    if (target < 0) {
      return;
    }
    srcFlag(target, o.flags());
    for (int k : o.selfParams()) {
      int a = argAt(callee, args, k);
      if (a >= 0) {
        edge(SRC_FROM_SRC, target, a);
      } else if (k + 1 >= args.length && k < callee.realParameterCount()) {
        srcFlag(target, Origins.GLOBAL);
      }
    }
    for (int k : o.innerParams()) {
      int a = argAt(callee, args, k);
      if (a >= 0) {
        insideOrigins(target, a);
      } else if (k + 1 >= args.length && k < callee.realParameterCount()) {
        srcFlag(target, Origins.GLOBAL);
      }
    }
  }

  /** Soot names the factory method of a synthetic lambda class {@code bootstrap$}. */
  public static boolean isLambdaFactory(SootMethod m) {
    return m.isStatic() && m.getName().equals("bootstrap$");
  }

  /** A class Soot made for a lambda or method reference (it has the factory method). */
  public static boolean isLambdaClass(SootClass c) {
    return c.declaresMethodByName("bootstrap$");
  }

  private void applySummary(MethodSummary summary, int[] args, int r) {
    for (int k = -1; k < summary.parameterCount(); k++) {
      int a = argAt(summary, args, k);
      if (a < 0) {
        continue;
      }
      // For a pseudo-parameter, what the callee does with a field's value applies to what is stored
      // in that field here (and, as a fallback, to the inside of the argument holding it).
      int target =
          k < summary.realParameterCount()
              ? a
              : fieldNode(summary.paramFields().get(k - summary.realParameterCount()).field());
      escapesAfterCall(summary.param(k), target, summary, args, r, k);
      livesAfterCall(summary.paramLives(k), a, summary, args, r, -1);
      int owner = ownerAt(summary, args, k);
      if (owner >= 0) {
        livesAfterCall(summary.param(k), owner, summary, args, r, -1);
        livesAfterCall(summary.paramLives(k), owner, summary, args, r, -1);
      }
    }
    Escapes res = summary.result();
    if (r >= 0) {
      loc.get(r).addFlags(res.flags() & (Escapes.GLOBAL | Escapes.USER_DATA));
      if (res.has(Escapes.RETURNED)) {
        edge(LOC_FROM_ESC, r, r);
      }
      for (int k : res.paramIndexes()) {
        // Taken from argument k's structure: what is in there escapes where the result does.
        int at = argAt(summary, args, k);
        edge(LOC_FROM_LOC, r, at);
        edge(LOC_FROM_ESC, at, r);
        edge(LOC_FROM_ESC, ownerAt(summary, args, k), r);
      }
      for (int k : res.innerIndexes()) {
        int at = argAt(summary, args, k);
        if (at >= 0) {
          edge(LOC_FROM_LOC, r, insideNode(at));
          edge(LOC_FROM_ESC, at, r);
          edge(LOC_FROM_ESC, ownerAt(summary, args, k), r);
        }
      }
    }
    mapOrigins(summary.resultOrigins(), summary, args, r);
    summary
        .storedInFields()
        .forEach(
            (into, o) -> {
              int base =
                  into.param() == MethodSummary.RESULT ? r : argAt(summary, args, into.param());
              if (base < 0) {
                return;
              }
              // Per field for a call of one method (a constructor, a setter); for a call that may
              // run
              // many, one node for all fields keeps the graph small.
              int field = singleTarget ? fieldNode(into.field()) : storedNode;
              if (singleTarget) {
                storedInto.computeIfAbsent(into.field(), k -> new HashSet<>()).add(base);
              }
              mapOrigins(o, summary, args, field);
              // A value the callee stored there lives and escapes like the field's other values.
              for (int k : o.selfParams()) {
                int a = argAt(summary, args, k);
                if (a >= 0 && !leaves.contains(a)) {
                  edge(LOC_FROM_LOC, field, a);
                  edge(ESC_FROM_ESC, a, field);
                }
              }
            });
    mapOrigins(summary.storedElsewhere(), summary, args, storedNode);
  }

  /**
   * What the callee does with the objects of its parameter {@code self} ({@code p}, in the callee's
   * terms) makes the objects of node {@code a} escape, here, to these places.
   */
  private void escapesAfterCall(
      Escapes p, int a, MethodSummary callee, int[] args, int r, int self) {
    esc.get(a).addFlags(p.flags() & (Escapes.GLOBAL | Escapes.USER_DATA));
    if (p.has(Escapes.RETURNED)) {
      edge(ESC_FROM_ESC, a, r);
      edge(LOC_FROM_LOC, r, a);
    }
    // Stored into argument k's structure: it escapes where that lives (loads find it through the
    // callee's stored fields and elsewhere-stored origins).
    for (int k : p.paramIndexes()) {
      if (k != self) {
        edge(ESC_FROM_LOC, a, argAt(callee, args, k));
      }
    }
    for (int k : p.innerIndexes()) {
      int at = argAt(callee, args, k);
      if (at >= 0) {
        edge(ESC_FROM_LOC, a, insideNode(at));
      }
    }
  }

  /**
   * What a call does with the objects inside argument {@code a} ({@code lives}, in the callee's
   * terms) makes them live, here, at these places: user data, global, the call's result or
   * exceptions, or another argument's structure.
   */
  private void livesAfterCall(
      Escapes lives, int a, MethodSummary callee, int[] args, int r, int thrown) {
    if (a < 0 || lives.isEmpty()) {
      return;
    }
    loc.get(a).addFlags(lives.flags() & (Escapes.GLOBAL | Escapes.USER_DATA));
    if (lives.has(Escapes.RETURNED)) {
      edge(LOC_FROM_ESC, a, r);
    }
    if (lives.has(Escapes.THROWN)) {
      edge(LOC_FROM_ESC, a, thrown);
    }
    for (int k : lives.paramIndexes()) {
      edge(LOC_FROM_LOC, a, argAt(callee, args, k));
    }
    for (int k : lives.innerIndexes()) {
      int at = argAt(callee, args, k);
      if (at >= 0) {
        edge(LOC_FROM_LOC, a, insideNode(at));
      }
    }
  }

  private void mayEscape(int[] args, int r) {
    for (int a : args) {
      escFlag(a, Escapes.GLOBAL);
    }
    locFlag(r, Escapes.GLOBAL);
    srcFlag(r, Origins.GLOBAL);
  }

  /** How each argument's functional object (if it holds one) is used by this call. */
  private void recordUses(CallSiteNodes c, Kind callbacks, boolean lambdaFactory) {
    int[] args = c.args();
    boolean passes =
        !c.targets().application().isEmpty() && !c.targets().library() && !c.targets().unknown();
    for (int i = 0; i < args.length; i++) {
      if (args[i] < 0) {
        continue;
      }
      FunctionalUse u = FunctionalUse.UNSAFE;
      if (lambdaFactory) {
        u = FunctionalUse.UNSAFE; // captured by a lambda, which may run it anywhere
      } else if (callbacks != null && isFunctionalPosition(c.call(), callbacks, i)) {
        u = callbacks == Kind.COMPOSES ? new FunctionalUse(null, null, 0, c.result(), false) : null;
      } else if (passes) {
        u = new FunctionalUse(null, c, i - 1, -1, false);
      } else if (callbacks == null && keepsNothing(c)) {
        u = null;
      }
      if (u != null) {
        use(args[i], u);
      }
    }
    if (callbacks == Kind.COMPOSES) {
      List<Integer> parts = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        if (args[i] >= 0 && isFunctionalPosition(c.call(), callbacks, i)) {
          parts.add(args[i]);
        }
      }
      composedOf.put(c.result(), parts);
    }
  }

  /**
   * A JDK call that only reads its arguments and returns no object ({@code Object.<init>}, {@code
   * hashCode}).
   */
  private static boolean keepsNothing(CallSiteNodes c) {
    return c.targets().library()
        && !c.targets().unknown()
        && c.targets().application().isEmpty()
        && !(c.call() instanceof DynamicInvokeExpr)
        && !(c.call().getMethodRef().getReturnType() instanceof RefLikeType)
        && LibraryModel.effect(c.call().getMethodRef(), false) == Effect.PURE;
  }

  private static boolean isFunctionalPosition(InvokeExpr call, Kind kind, int i) {
    if (i == 0) {
      return (kind == Kind.INVOKES || kind == Kind.COMPOSES)
          && FunctionalInterfaces.isJdk(call.getMethodRef().getDeclaringClass().getName());
    }
    return FunctionalInterfaces.isJdk(call.getMethodRef().getParameterType(i - 1));
  }

  /** A JDK call that takes functional objects, as {@link LibraryCallbacks} describes it. */
  private void callbacks(Kind kind, CallSiteNodes c) {
    int[] a = c.args();
    int r = c.result();
    InvokeExpr call = c.call();
    boolean isStatic = call instanceof StaticInvokeExpr;
    List<Integer> functional = new ArrayList<>();
    List<Integer> others = new ArrayList<>();
    for (int i = 0; i < a.length; i++) {
      if (a[i] >= 0) {
        (isFunctionalPosition(call, kind, i) ? functional : others).add(a[i]);
      }
    }
    // Whose elements the functional objects get: the receiver, or a static method's first argument.
    int source =
        kind == Kind.INVOKES ? -1 : isStatic ? (others.isEmpty() ? -1 : others.get(0)) : a[0];
    if (kind == Kind.COMPOSES) {
      // A new JDK object holding its parts: they escape with it and run where it runs.
      edge(LOC_FROM_ESC, r, r);
      for (int f : functional) {
        edge(ESC_FROM_ESC, f, r);
      }
      for (int x : others) {
        edge(ESC_FROM_LOC, x, r);
      }
      return;
    }
    if (kind == Kind.VIEW) {
      // Its elements live where the source's do and go where its own go.
      edge(LOC_FROM_LOC, r, source);
      edge(LOC_FROM_LOC, source, r);
      insideOrigins(contentNode, source);
      return;
    }
    Run run = run(c.stmt(), kind, source, others, r);
    for (int i = 0; i < a.length; i++) {
      if (a[i] >= 0 && isFunctionalPosition(call, kind, i)) {
        use(a[i], new FunctionalUse(run, null, 0, -1, false));
        runEffects(a[i], run, source, others);
      }
    }
    if (LibraryCallbacks.throwsResults(call.getMethodRef())) {
      edge(ESC_FROM_ESC, run.sink(), run.thrown());
    }
    switch (kind) {
      case INVOKES -> {
        // Whatever the functional object returns: an argument or something fresh it made.
        edge(LOC_FROM_ESC, r, r);
        edge(ESC_FROM_LOC, run.sink(), r);
        for (int x : others) {
          edge(LOC_FROM_LOC, r, x);
          edge(SRC_FROM_SRC, r, x);
        }
      }
      case STORES_RESULTS -> {
        edge(ESC_FROM_LOC, run.sink(), source);
        int contents = contents(source);
        edge(ESC_FROM_ESC, run.sink(), isStatic ? elementNode : contents);
        for (int x : others) {
          if (x != source) {
            edge(ESC_FROM_LOC, x, source);
            edge(ESC_FROM_ESC, x, contents);
            stored(contents, x);
          }
        }
        edge(LOC_FROM_LOC, r, source);
        edge(ESC_FROM_ESC, contents, r);
        load(r, source, contents);
      }
      case STAGE, TERMINAL -> {
        // A fresh stream, Optional or collection holding the elements, the other arguments and the
        // results; a stage also keeps the functional objects until a terminal operation runs them.
        edge(LOC_FROM_ESC, r, r);
        edge(ESC_FROM_LOC, run.sink(), r);
        insideOrigins(contentNode, source);
        for (int x : others) {
          edge(LOC_FROM_LOC, x, r);
          if (x != source) {
            edge(ESC_FROM_LOC, x, r);
            stored(contentNode, x);
          }
        }
        if (kind == Kind.STAGE) {
          for (int f : functional) {
            edge(ESC_FROM_ESC, f, r);
          }
        }
      }
      case PICKS -> {
        // The result is an element of the source, another argument or a functional result.
        edge(LOC_FROM_LOC, r, source);
        edge(LOC_FROM_ESC, source, r);
        insideOrigins(r, source);
        edge(LOC_FROM_ESC, r, r);
        edge(ESC_FROM_ESC, run.sink(), r);
        for (int x : others) {
          if (x != source) {
            copy(r, x);
          }
        }
      }
      case HOLDS -> {
        for (int f : functional) {
          edge(ESC_FROM_LOC, f, source);
        }
        int contents = contents(source);
        for (int x : others) {
          if (x != source) {
            edge(ESC_FROM_LOC, x, source);
            edge(ESC_FROM_ESC, x, contents);
            stored(contents, x);
          }
        }
      }
      default -> {
        // RUNS: nothing is kept.
      }
    }
  }

  /**
   * The nodes of one place where the JDK runs functional objects: their parameters get the source's
   * elements and the other arguments (and a terminal operation's partial results).
   */
  private Run run(Stmt s, Kind kind, int source, List<Integer> others, int r) {
    int feed = newNode();
    int sink = newNode();
    int thrown = newNode();
    edge(LOC_FROM_ESC, thrown, thrown);
    route(s, thrown, List.of(Scene.v().getRefType("java.lang.Throwable")));
    if (source >= 0) {
      edge(LOC_FROM_LOC, feed, source);
      insideOrigins(feed, source);
    }
    for (int x : others) {
      if (x != source) {
        edge(LOC_FROM_LOC, feed, x);
        edge(SRC_FROM_SRC, feed, x);
      }
    }
    if (kind == Kind.TERMINAL || kind == Kind.PICKS) {
      // Accumulators and reducers also get the partial results.
      edge(LOC_FROM_LOC, feed, r);
      edge(SRC_FROM_SRC, feed, r);
    }
    return new Run(s, feed, sink, thrown);
  }

  /**
   * What running the functional object held by {@code f} does to what it is given and to what it
   * holds, from the summaries of the methods its creations implement: a parameter it stores away
   * escapes there (so the source's elements and the other arguments do), one it returns goes to the
   * sink, one it throws to the run's exceptions; what it takes out of its parameters or out of its
   * own captures lives where it puts it. A functional object made elsewhere may do anything.
   */
  private void runEffects(int f, Run run, int source, List<Integer> others) {
    int given = newNode(); // esc: where what the functional object is given ends up
    int givenInside = newNode(); // loc: where what is inside what it is given ends up
    int ownInside = newNode(); // loc: where what is inside the functional object ends up
    List<Integer> elements = new ArrayList<>();
    if (source >= 0) {
      elements.add(source);
      edge(LOC_FROM_ESC, source, given);
    }
    for (int x : others) {
      if (x != source) {
        elements.add(x);
        edge(ESC_FROM_ESC, x, given);
      }
    }
    for (int x : elements) {
      edge(LOC_FROM_LOC, x, givenInside);
    }
    List<Creation> made = creationsReaching(f);
    if (made == null) {
      escFlag(given, Escapes.GLOBAL);
      locFlag(givenInside, Escapes.GLOBAL);
      return;
    }
    for (Creation c : made) {
      List<Integer> holder = new ArrayList<>(List.of(c.node()));
      for (int captured : c.captured()) {
        if (captured >= 0) {
          holder.add(captured);
        }
      }
      for (int h : holder) {
        edge(LOC_FROM_LOC, h, ownInside);
      }
      for (SootMethod m : Reachability.callbacksOf(c.type(), program)) {
        MethodSummary summary = summaries.summaryOf(m);
        int real = m.getParameterCount();
        java.util.function.IntFunction<List<Integer>> nodesOf =
            k -> {
              if (k < 0) {
                return holder;
              }
              if (k < real || k - real >= summary.paramFields().size()) {
                return elements;
              }
              MethodSummary.ParamField pf = summary.paramFields().get(k - real);
              // A field of the functional object itself: what was stored there (its captures).
              return pf.param() < 0 ? List.of(fieldNode(pf.field())) : elements;
            };
        for (int k = -1; k < summary.parameterCount(); k++) {
          if (k >= 0 && k < real) {
            placesAtRun(summary.param(k), given, true, run, nodesOf);
          }
          int lives = k < 0 || k >= real ? ownInside : givenInside;
          placesAtRun(summary.paramLives(k), lives, false, run, nodesOf);
          if (k >= real) {
            // A captured value's own escapes: what is inside the functional object goes there.
            placesAtRun(summary.param(k), ownInside, false, run, nodesOf);
          }
        }
      }
    }
  }

  /**
   * Adds, to {@code target}'s esc ({@code escape}) or loc, the places a callback's summary names,
   * as they are at a run: its result is the run's sink, its exceptions the run's, its receiver the
   * functional object with what it captured, its other parameters the elements and arguments.
   */
  private void placesAtRun(
      Escapes places,
      int target,
      boolean escape,
      Run run,
      java.util.function.IntFunction<List<Integer>> nodesOf) {
    int fromEsc = escape ? ESC_FROM_ESC : LOC_FROM_ESC;
    int fromLoc = escape ? ESC_FROM_LOC : LOC_FROM_LOC;
    (escape ? esc : loc)
        .get(target)
        .addFlags(places.flags() & (Escapes.GLOBAL | Escapes.USER_DATA));
    if (places.has(Escapes.RETURNED)) {
      edge(fromEsc, target, run.sink());
    }
    if (places.has(Escapes.THROWN)) {
      edge(fromEsc, target, run.thrown());
    }
    for (int k : Origins.indexes(places.params | places.inner)) {
      for (int n : nodesOf.apply(k)) {
        edge(fromLoc, target, n);
      }
    }
  }

  /**
   * The creations whose objects may reach node {@code n} through copies and composition, or null
   * when some other value may (a parameter, a load, a call result).
   */
  private List<Creation> creationsReaching(int n) {
    Map<Integer, List<Integer>> copiedFrom = new HashMap<>();
    for (int[] c : copies) {
      copiedFrom.computeIfAbsent(c[0], k -> new ArrayList<>()).add(c[1]);
    }
    Map<Integer, Creation> byNode = new HashMap<>();
    for (Creation c : creations) {
      byNode.put(c.node(), c);
    }
    List<Creation> out = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    Deque<Integer> todo = new ArrayDeque<>(List.of(n));
    while (!todo.isEmpty()) {
      int at = todo.poll();
      if (!seen.add(at)) {
        continue;
      }
      Creation c = byNode.get(at);
      List<Integer> parts = composedOf.get(at);
      List<Integer> from = copiedFrom.getOrDefault(at, List.of());
      if (opaque.contains(at)
          || paramNodes.contains(at)
          || c == null && parts == null && from.isEmpty()) {
        return null;
      }
      if (c != null) {
        out.add(c);
      }
      if (parts != null) {
        todo.addAll(parts);
      }
      todo.addAll(from);
    }
    return out;
  }

  /** {@code y} is an element read from the contents of {@code container}. */
  private void readElement(int y, int container) {
    int contents = contents(container);
    edge(LOC_FROM_LOC, y, container);
    edge(ESC_FROM_ESC, contents, y);
    load(y, container, contents);
  }

  /** The new object {@code r} holds {@code value} among its contents. */
  private void wrap(int r, int value) {
    edge(ESC_FROM_LOC, value, r);
    stored(contentNode, value);
  }

  private void library(Effect effect, Stmt s, InvokeExpr call, int[] args, int r) {
    switch (effect) {
      case PURE -> {
        if (call.getMethodRef().getDeclaringClass().getName().equals("java.lang.System")
            && call.getMethodRef().getName().equals("arraycopy")
            && args.length > 3) {
          // The copied elements become reachable from the destination array.
          edge(ESC_FROM_LOC, elementNode, args[3]);
          insideOrigins(elementNode, args[1]);
        }
        if (call.getMethodRef().getReturnType() instanceof RefLikeType) {
          // Objects.requireNonNull and friends hand back an argument.
          for (int a : args) {
            edge(SRC_FROM_SRC, r, a);
          }
        }
      }
      case FRESH_ARRAY -> {
        allocation(
            s,
            call.getMethodRef().getReturnType() instanceof ArrayType
                ? call.getMethodRef().getReturnType()
                : ((InstanceInvokeExpr) call).getBase().getType(),
            r,
            "copy");
        for (int a : args) {
          insideOrigins(elementNode, a);
        }
      }
      case CONTAINER_INSERT -> {
        int contents = contents(args[0]);
        for (int i = 1; i < args.length; i++) {
          edge(ESC_FROM_LOC, args[i], args[0]);
          edge(ESC_FROM_ESC, args[i], contents);
          stored(contents, args[i]);
        }
        if (args[0] < 0) {
          // Arrays.fill(array, value): the value goes into the first argument.
          for (int i = 2; i < args.length; i++) {
            edge(ESC_FROM_LOC, args[i], args[1]);
            stored(elementNode, args[i]);
          }
        }
      }
      case CONTAINER_READ -> readElement(r, args[0]);
      case RETURNS_RECEIVER -> copy(r, args[0]);
      case WRAPS_ARGUMENTS -> {
        edge(LOC_FROM_ESC, r, r);
        for (int i = 1; i < args.length; i++) {
          wrap(r, args[i]);
        }
      }
      case COPIES_CONTENTS -> {
        int from = args.length > 1 ? args[1] : -1;
        edge(LOC_FROM_ESC, r, r);
        if (from >= 0 && r >= 0) {
          // An element read from the argument, held by the new container.
          int element = newNode();
          readElement(element, from);
          wrap(r, element);
          // An immutable JDK argument is returned as is: the result may come from where it does.
          edge(SRC_FROM_SRC, r, from);
        }
      }
      case STORES_IN_RECEIVER -> {
        for (int i = 1; i < args.length; i++) {
          edge(ESC_FROM_LOC, args[i], args[0]);
          stored(storedNode, args[i]);
        }
      }
      case MAY_ESCAPE -> mayEscape(args, r);
    }
  }

  /**
   * A constraint packed as kind (3 bits), target and source (30 bits each), so duplicates are cheap
   * to drop.
   */
  private void addConstraint(int kind, int target, int source) {
    if (constraintCount == constraints.length) {
      constraints = java.util.Arrays.copyOf(constraints, constraintCount * 2);
    }
    constraints[constraintCount++] = (long) kind << 60 | (long) target << 30 | source;
  }

  private static int kind(long c) {
    return (int) (c >>> 60);
  }

  private static int target(long c) {
    return (int) (c >>> 30) & 0x3FFFFFFF;
  }

  private static int source(long c) {
    return (int) c & 0x3FFFFFFF;
  }

  /**
   * Solves the constraints with a worklist: a node's constraints are applied again only when one of
   * its sets grew. Sets only grow and are bounded, so this terminates.
   */
  private void solve() {
    // Summaries of many call targets add the same edges again: drop the duplicates.
    long[] unique = distinct(constraints, constraintCount);
    int nodes = esc.size();
    int[] count = new int[nodes];
    for (long c : unique) {
      count[source(c)]++;
    }
    long[][] bySource = new long[nodes][];
    for (int n = 0; n < nodes; n++) {
      bySource[n] = new long[count[n]];
    }
    for (long c : unique) {
      int from = source(c);
      bySource[from][--count[from]] = c;
    }
    java.util.BitSet queued = new java.util.BitSet(nodes);
    ArrayDeque<Integer> work = new ArrayDeque<>();
    for (int n = 0; n < nodes; n++) {
      queued.set(n);
      work.add(n);
    }
    while (!work.isEmpty()) {
      int n = work.poll();
      queued.clear(n);
      for (long c : bySource[n]) {
        int to = target(c);
        if (apply(kind(c), to, n) && !queued.get(to)) {
          queued.set(to);
          work.add(to);
        }
      }
    }
  }

  /** The first {@code count} values, sorted, without duplicates (sorts {@code values} in place). */
  private static long[] distinct(long[] values, int count) {
    java.util.Arrays.sort(values, 0, count);
    int n = 0;
    for (int i = 0; i < count; i++) {
      if (n == 0 || values[i] != values[n - 1]) {
        values[n++] = values[i];
      }
    }
    return java.util.Arrays.copyOf(values, n);
  }

  /** Applies one constraint; true when its target grew. */
  private boolean apply(int kind, int to, int from) {
    return switch (kind) {
      case SRC_FROM_SRC -> src.get(to).addAll(src.get(from));
      case SRC_FROM_DEREF -> src.get(to).addDeref(src.get(from));
      case LOC_FROM_SRC -> loc.get(to).addPlacesOf(src.get(from));
      case LOC_FROM_INSIDE_SRC -> loc.get(to).addInsidePlacesOf(src.get(from));
      case ESC_FROM_ESC -> esc.get(to).addAll(esc.get(from));
      case ESC_FROM_LOC -> esc.get(to).addAll(loc.get(from));
      case LOC_FROM_LOC -> loc.get(to).addAll(loc.get(from));
      default -> loc.get(to).addAll(esc.get(from)); // LOC_FROM_ESC
    };
  }

  /** This method's effect on its callers. */
  public MethodSummary summary() {
    MethodSummary s = new MethodSummary(method.getParameterCount(), paramFields);
    for (int i = 0; i < paramNodes.size(); i++) {
      s.param(i - 1).addAllExcept(esc.get(paramNodes.get(i)), i - 1);
      s.paramLives(i - 1).addAllExcept(loc.get(paramNodes.get(i)), i - 1);
    }
    s.result().addAll(loc.get(returnNode));
    s.resultOrigins().addAll(src.get(returnNode));
    // Only stores into objects the caller can see: inside a parameter, or the result; past a bound,
    // field by field costs more than it tells, so the rest count as stored somewhere.
    storedInto.forEach(
        (f, bases) -> {
          Origins stored = src.get(fieldNodes.get(f));
          if (stored.isEmpty()) {
            return;
          }
          for (int base : bases) {
            Escapes where = loc.get(base);
            List<Integer> into = new ArrayList<>();
            for (int k : Origins.indexes(where.params | where.inner)) {
              into.add(k);
            }
            if (where.has(Escapes.RETURNED)) {
              into.add(MethodSummary.RESULT);
            }
            for (int k : into) {
              MethodSummary.ParamField key = new MethodSummary.ParamField(k, f);
              if (s.storedInFields().containsKey(key)
                  || s.storedInFields().size() < MAX_STORED_FIELDS) {
                s.storedInFields().computeIfAbsent(key, x -> new Origins()).addAll(stored);
              } else {
                s.storedElsewhere().addAll(stored);
              }
            }
          }
        });
    s.storedElsewhere().addAll(src.get(elementNode));
    for (int c : contentNodes) {
      s.storedElsewhere().addAll(src.get(c));
    }
    s.storedElsewhere().addAll(src.get(storedNode));
    s.thrownOrigins().addAll(src.get(thrownNode));
    s.thrownTypes().addAll(thrownTypes);
    for (StoreSite st : stores) {
      if (st.isStatic()) {
        s.writes().addFlags(Escapes.GLOBAL);
      } else if (st.base() >= 0) {
        s.writes().addAll(loc.get(st.base()));
      }
    }
    for (CallSiteNodes c : calls) {
      for (SootMethod t : c.targets().application()) {
        if (isLambdaFactory(t)) {
          continue;
        }
        // Callee writes into its parameter k's structure: that is argument k's structure here.
        Escapes w = summaries.summaryOf(t).writes();
        s.writes().addFlags(w.flags() & (Escapes.GLOBAL | Escapes.USER_DATA));
        for (int k : w.paramIndexes()) {
          if (k + 1 < c.args().length && c.args()[k + 1] >= 0) {
            s.writes().addAll(loc.get(c.args()[k + 1]));
          }
        }
      }
      if (c.targets().unknown()) {
        s.writes().addFlags(Escapes.GLOBAL);
      } else if (c.targets().library() && c.args()[0] >= 0) {
        // Only modelled inserts count: "may escape" is about arguments, not evidence of a write.
        Effect e = LibraryModel.effect(c.call().getMethodRef(), false);
        if (e == Effect.CONTAINER_INSERT && !c.call().getMethodRef().getName().equals("<init>")) {
          s.writes().addAll(loc.get(c.args()[0]));
        }
      }
    }
    // Nothing is "fresh" about a parameter's own structure.
    s.writes().flags &= ~(Escapes.RETURNED | Escapes.THROWN);
    return s;
  }

  /**
   * The uses of the functional object held by node {@code n}, following copies: where it is run,
   * passed or composed. A use of any other kind is {@link FunctionalUse#unsafe()}.
   */
  public List<FunctionalUse> functionalUses(int n) {
    Map<Integer, List<Integer>> copiedTo = new HashMap<>();
    for (int[] c : copies) {
      copiedTo.computeIfAbsent(c[1], k -> new ArrayList<>()).add(c[0]);
    }
    List<FunctionalUse> out = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    Deque<Integer> todo = new ArrayDeque<>(List.of(n));
    while (!todo.isEmpty()) {
      int at = todo.poll();
      if (seen.add(at)) {
        out.addAll(uses.getOrDefault(at, List.of()));
        todo.addAll(copiedTo.getOrDefault(at, List.of()));
      }
    }
    return out;
  }

  public SootMethod method() {
    return method;
  }

  public List<AllocationSite> allocations() {
    return allocations;
  }

  public List<CallSiteNodes> calls() {
    return calls;
  }

  public List<StoreSite> stores() {
    return stores;
  }

  /** Objects of application classes (including lambdas) created in this method. */
  public List<Creation> creations() {
    return creations;
  }

  public Escapes esc(int node) {
    return esc.get(node);
  }

  public Escapes loc(int node) {
    return loc.get(node);
  }

  public Origins src(int node) {
    return src.get(node);
  }

  /** The origins of what is inside the objects of node {@code n}. */
  public Origins inside(int n) {
    return inside(src.get(n));
  }

  /**
   * The origins of what is inside objects of origins {@code o}: inside those, or anything stored
   * here.
   */
  public Origins inside(Origins o) {
    Origins in = o.deref();
    in.addAll(src.get(allStoredNode));
    return in;
  }

  /** Where what is inside the objects of node {@code n} lives. */
  public Escapes insideLoc(int n) {
    Escapes e = loc.get(n).copy();
    e.addInsidePlacesOf(src.get(n));
    e.addAll(loc.get(allStoredNode));
    return e;
  }

  /** The node of the values stored into field {@code f} here, or -1 when none is. */
  public int storedIn(SootField f) {
    Integer n = fieldNodes.get(f);
    return n == null ? -1 : n;
  }

  /**
   * Where field {@code f} of node {@code n}'s objects comes from (a callee's pseudo-parameter at a
   * call).
   */
  public Origins fieldOrigins(int n, SootField f) {
    Integer h = fieldOfNodes.get(List.of(n, f));
    if (h != null) {
      return src.get(h);
    }
    Origins o = new Origins();
    o.addDeref(src.get(n));
    o.addAll(src.get(storedNode));
    Integer stored = fieldNodes.get(f);
    if (stored != null) {
      o.addAll(src.get(stored));
    }
    return o;
  }

  /**
   * Where field {@code f} of node {@code n}'s objects lives (a callee's pseudo-parameter at a
   * call).
   */
  public Escapes fieldLoc(int n, SootField f) {
    Integer h = fieldOfNodes.get(List.of(n, f));
    if (h != null) {
      return loc.get(h);
    }
    Escapes e = loc.get(n).copy();
    e.addPlacesOf(fieldOrigins(n, f));
    Integer stored = fieldNodes.get(f);
    if (stored != null) {
      e.addAll(loc.get(stored));
    }
    return e;
  }

  /** The node of a local, or -1 when it is not a reference or not used. */
  public int nodeOf(Local l) {
    Integer n = localNodes.get(l);
    return n == null ? -1 : n;
  }

  public Map<Local, Integer> localNodes() {
    return localNodes;
  }

  /** The node of the local that holds {@code this}, or -1 in a static method. */
  public int thisLocal() {
    return thisLocal;
  }

  /** The node of parameter {@code index} (-1: receiver). */
  public int paramNode(int index) {
    return paramNodes.get(index + 1);
  }
}
