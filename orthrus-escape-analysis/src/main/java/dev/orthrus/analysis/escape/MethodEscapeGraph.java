package dev.orthrus.analysis.escape;

import dev.orthrus.analysis.escape.LibraryModel.Effect;
import dev.orthrus.analysis.program.CallTargets;
import dev.orthrus.analysis.program.SootProgram;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import soot.ArrayType;
import soot.Body;
import soot.Local;
import soot.RefLikeType;
import soot.SootField;
import soot.SootMethod;
import soot.Type;
import soot.Unit;
import soot.Value;
import soot.jimple.ArrayRef;
import soot.jimple.AssignStmt;
import soot.jimple.CastExpr;
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
import soot.jimple.StaticFieldRef;
import soot.jimple.Stmt;
import soot.jimple.ThisRef;
import soot.jimple.ThrowStmt;

/**
 * The intraprocedural escape graph of one method body, with callees folded in through their
 * summaries. Flow-insensitive. Every node has two sets:
 *
 * <ul>
 *   <li><b>esc</b>: where the objects the node denotes may be reachable from when the method
 *       returns (so an allocation node's esc is its escape);
 *   <li><b>loc</b>: where those objects live, i.e. where anything stored into them ends up.
 * </ul>
 *
 * {@code x = y} makes esc(y) include esc(x) and loc(x) include loc(y); {@code b.f = x} makes
 * esc(x) include loc(b); {@code y = b.f} makes loc(y) include loc(b), except that a value loaded
 * from a {@code @UserData} class or of a user-data type lives in user data. A fresh object lives
 * where it escapes: loc(new) includes esc(new).
 */
public final class MethodEscapeGraph {

  /** An allocation site: {@code new}, an array creation, an array copy or a lambda creation. */
  public record AllocationSite(Unit unit, Type type, int node, String kind) {}

  /** A call in this method and the nodes of its receiver/arguments (index 0 is the receiver). */
  public record CallSiteNodes(Stmt stmt, InvokeExpr call, CallTargets targets, int[] args, int result) {}

  /** A store into an instance field or an array element, or a static field (base = -1). */
  public record StoreSite(Stmt stmt, SootField field, int base) {
    public boolean isStatic() {
      return base < 0;
    }
  }

  private final SootMethod method;
  private final SootProgram program;
  private final Map<Local, Integer> localNodes = new HashMap<>();
  private final Map<SootField, Integer> fieldNodes = new HashMap<>();
  private final List<Escapes> esc = new ArrayList<>();
  private final List<Escapes> loc = new ArrayList<>();
  private final List<int[]> constraints = new ArrayList<>();
  private final List<AllocationSite> allocations = new ArrayList<>();
  private final List<CallSiteNodes> calls = new ArrayList<>();
  private final List<StoreSite> stores = new ArrayList<>();
  private final int[] paramNodes;
  private final int returnNode;
  private final int elementNode;
  private final int contentNode;
  private int thisLocal = -1;

  // Constraint kinds: target set ⊇ source set.
  private static final int ESC_FROM_ESC = 0;
  private static final int ESC_FROM_LOC = 1;
  private static final int LOC_FROM_LOC = 2;
  private static final int LOC_FROM_ESC = 3;

  private MethodEscapeGraph(SootMethod method, SootProgram program) {
    this.method = method;
    this.program = program;
    paramNodes = new int[method.getParameterCount() + 1];
    for (int i = 0; i < paramNodes.length; i++) {
      paramNodes[i] = newNode();
      loc.get(paramNodes[i]).addParam(i - 1);
    }
    returnNode = newNode();
    elementNode = newNode();
    contentNode = newNode();
  }

  /** Builds and solves the graph of {@code body}, using {@code summaries} for application callees. */
  public static MethodEscapeGraph build(
      SootMethod method, Body body, SootProgram program, Function<SootMethod, MethodSummary> summaries) {
    MethodEscapeGraph g = new MethodEscapeGraph(method, program);
    g.calleeSummaries = summaries;
    for (Unit u : body.getUnits()) {
      g.statement((Stmt) u, summaries);
    }
    g.solve();
    return g;
  }

  private int newNode() {
    esc.add(new Escapes());
    loc.add(new Escapes());
    return esc.size() - 1;
  }

  private int node(Value v) {
    if (v instanceof Local l && l.getType() instanceof RefLikeType) {
      return localNodes.computeIfAbsent(l, k -> newNode());
    }
    return -1;
  }

  private int fieldNode(SootField f) {
    return fieldNodes.computeIfAbsent(f, k -> newNode());
  }

  private void edge(int kind, int target, int source) {
    // A node's set including itself is a no-op, but loc(n) including esc(n) is not.
    boolean sameSet = target == source && (kind == ESC_FROM_ESC || kind == LOC_FROM_LOC);
    if (target >= 0 && source >= 0 && !sameSet) {
      constraints.add(new int[] {kind, target, source});
    }
  }

  private void copy(int to, int from) {
    edge(ESC_FROM_ESC, from, to);
    edge(LOC_FROM_LOC, to, from);
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

  private boolean livesInUserData(SootField f) {
    return program.isUserDataClass(f.getDeclaringClass().getName()) || program.isUserData(f.getType());
  }

  private void statement(Stmt s, Function<SootMethod, MethodSummary> summaries) {
    if (s instanceof IdentityStmt id) {
      int l = node(id.getLeftOp());
      if (id.getRightOp() instanceof ThisRef) {
        thisLocal = l;
        unify(l, paramNodes[0]);
      } else if (id.getRightOp() instanceof ParameterRef p) {
        unify(l, paramNodes[p.getIndex() + 1]);
      }
      return;
    }
    if (s instanceof ReturnStmt r) {
      int x = node(r.getOp());
      escFlag(x, Escapes.RETURNED);
      edge(LOC_FROM_LOC, returnNode, x);
      return;
    }
    if (s instanceof ThrowStmt t) {
      escFlag(node(t.getOp()), Escapes.RETURNED);
      return;
    }
    if (s instanceof AssignStmt a) {
      assignment(a, summaries);
      return;
    }
    if (s.containsInvokeExpr()) {
      call(s, s.getInvokeExpr(), -1, summaries);
    }
  }

  private void unify(int a, int b) {
    copy(a, b);
    copy(b, a);
  }

  private void assignment(AssignStmt a, Function<SootMethod, MethodSummary> summaries) {
    Value left = a.getLeftOp();
    Value right = a.getRightOp();
    if (left instanceof Local) {
      int l = node(left);
      if (right instanceof InvokeExpr call) {
        call(a, call, l, summaries);
      } else if (l < 0) {
        return;
      } else if (right instanceof Local) {
        copy(l, node(right));
      } else if (right instanceof CastExpr c) {
        copy(l, node(c.getOp()));
      } else if (right instanceof NewExpr || right instanceof NewArrayExpr || right instanceof NewMultiArrayExpr) {
        allocation(a, right.getType(), l, right instanceof NewExpr ? "new" : "array");
      } else if (right instanceof InstanceFieldRef f) {
        SootField field = f.getField();
        if (livesInUserData(field)) {
          locFlag(l, Escapes.USER_DATA);
        } else {
          edge(LOC_FROM_LOC, l, node(f.getBase()));
        }
        edge(ESC_FROM_ESC, fieldNode(field), l);
      } else if (right instanceof StaticFieldRef) {
        locFlag(l, Escapes.GLOBAL);
        escFlag(l, Escapes.GLOBAL);
      } else if (right instanceof ArrayRef r) {
        edge(LOC_FROM_LOC, l, node(r.getBase()));
        edge(ESC_FROM_ESC, elementNode, l);
      }
      return;
    }
    int x = node(right);
    if (left instanceof InstanceFieldRef f) {
      int base = node(f.getBase());
      stores.add(new StoreSite(a, f.getField(), base));
      edge(ESC_FROM_LOC, x, base);
      edge(ESC_FROM_ESC, x, fieldNode(f.getField()));
    } else if (left instanceof StaticFieldRef f) {
      stores.add(new StoreSite(a, f.getField(), -1));
      escFlag(x, Escapes.GLOBAL);
    } else if (left instanceof ArrayRef r) {
      int base = node(r.getBase());
      stores.add(new StoreSite(a, null, base));
      edge(ESC_FROM_LOC, x, base);
      edge(ESC_FROM_ESC, x, elementNode);
    }
  }

  private void allocation(Unit u, Type type, int local, String kind) {
    int site = newNode();
    allocations.add(new AllocationSite(u, type, site, kind));
    if (local >= 0) {
      edge(ESC_FROM_ESC, site, local);
      edge(LOC_FROM_ESC, local, site);
    }
  }

  private void call(Stmt s, InvokeExpr call, int result, Function<SootMethod, MethodSummary> summaries) {
    CallTargets targets = program.targets(call);
    int[] args = new int[call.getArgCount() + 1];
    args[0] = call instanceof InstanceInvokeExpr ie ? node(ie.getBase()) : -1;
    for (int i = 0; i < call.getArgCount(); i++) {
      args[i + 1] = node(call.getArg(i));
    }
    int r = result >= 0 ? result : newNode();
    calls.add(new CallSiteNodes(s, call, targets, args, r));
    for (SootMethod t : targets.application()) {
      if (isLambdaFactory(t)) {
        // Soot's synthetic lambda class: creating it is an allocation at this call; captured values
        // are stored in the new object.
        allocation(s, t.getReturnType(), r, "lambda");
        for (int i = 1; i < args.length; i++) {
          edge(ESC_FROM_LOC, args[i], r);
        }
        continue;
      }
      applySummary(summaries.apply(t), args, r);
    }
    if (targets.unknown()) {
      mayEscape(args, r);
    } else if (call instanceof DynamicInvokeExpr dyn) {
      String bootstrap = dyn.getBootstrapMethodRef().getDeclaringClass().getName();
      if (!bootstrap.equals("java.lang.invoke.StringConcatFactory") && !bootstrap.equals("java.lang.runtime.ObjectMethods")
          && !bootstrap.equals("java.lang.runtime.SwitchBootstraps")) {
        mayEscape(args, r);
      }
    } else if (targets.library()) {
      boolean arrayClone = call.getMethodRef().getName().equals("clone") && args[0] >= 0
          && ((Local) ((InstanceInvokeExpr) call).getBase()).getType() instanceof ArrayType;
      library(LibraryModel.effect(call.getMethodRef(), arrayClone), s, call, args, r);
    }
  }

  /** Soot names the factory method of a synthetic lambda class {@code bootstrap$}. */
  public static boolean isLambdaFactory(SootMethod m) {
    return m.isStatic() && m.getName().equals("bootstrap$");
  }

  private void applySummary(MethodSummary summary, int[] args, int r) {
    for (int j = 0; j < args.length && j <= summary.parameterCount(); j++) {
      int a = args[j];
      if (a < 0) {
        continue;
      }
      Escapes p = summary.param(j - 1);
      esc.get(a).addFlags(p.flags() & (Escapes.GLOBAL | Escapes.USER_DATA));
      if (p.has(Escapes.RETURNED)) {
        edge(ESC_FROM_ESC, a, r);
        edge(LOC_FROM_LOC, r, a);
      }
      for (int k : p.paramIndexes()) {
        if (k + 1 < args.length && k + 1 != j) {
          edge(ESC_FROM_LOC, a, args[k + 1]);
        }
      }
    }
    Escapes res = summary.result();
    if (r >= 0) {
      loc.get(r).addFlags(res.flags() & (Escapes.GLOBAL | Escapes.USER_DATA));
      if (res.has(Escapes.RETURNED)) {
        edge(LOC_FROM_ESC, r, r);
      }
      for (int k : res.paramIndexes()) {
        if (k + 1 < args.length) {
          edge(LOC_FROM_LOC, r, args[k + 1]);
        }
      }
    }
  }

  private void mayEscape(int[] args, int r) {
    for (int a : args) {
      escFlag(a, Escapes.GLOBAL);
    }
    locFlag(r, Escapes.GLOBAL);
  }

  private void library(Effect effect, Stmt s, InvokeExpr call, int[] args, int r) {
    switch (effect) {
      case PURE -> {
        if (call.getMethodRef().getDeclaringClass().getName().equals("java.lang.System")
            && call.getMethodRef().getName().equals("arraycopy") && args.length > 3) {
          // The copied elements become reachable from the destination array.
          edge(ESC_FROM_LOC, elementNode, args[3]);
        }
      }
      case FRESH_ARRAY -> allocation(s, call.getMethodRef().getReturnType() instanceof ArrayType
              ? call.getMethodRef().getReturnType()
              : ((InstanceInvokeExpr) call).getBase().getType(), r, "copy");
      case CONTAINER_INSERT -> {
        for (int i = 1; i < args.length; i++) {
          edge(ESC_FROM_LOC, args[i], args[0]);
          edge(ESC_FROM_ESC, args[i], contentNode);
        }
        if (args[0] < 0) {
          // Arrays.fill(array, value): the value goes into the first argument.
          for (int i = 2; i < args.length; i++) {
            edge(ESC_FROM_LOC, args[i], args[1]);
          }
        }
      }
      case CONTAINER_READ -> {
        edge(LOC_FROM_LOC, r, args[0]);
        edge(ESC_FROM_ESC, contentNode, r);
      }
      case RETURNS_RECEIVER -> copy(r, args[0]);
      case WRAPS_ARGUMENTS -> {
        edge(LOC_FROM_ESC, r, r);
        for (int i = 1; i < args.length; i++) {
          edge(ESC_FROM_LOC, args[i], r);
        }
      }
      case STORES_IN_RECEIVER -> {
        for (int i = 1; i < args.length; i++) {
          edge(ESC_FROM_LOC, args[i], args[0]);
        }
      }
      case MAY_ESCAPE -> mayEscape(args, r);
    }
  }

  private void solve() {
    boolean changed = true;
    int rounds = 0;
    while (changed) {
      changed = false;
      rounds++;
      for (int[] c : constraints) {
        Escapes target = c[0] <= ESC_FROM_LOC ? esc.get(c[1]) : loc.get(c[1]);
        Escapes source = c[0] == ESC_FROM_ESC || c[0] == LOC_FROM_ESC ? esc.get(c[2]) : loc.get(c[2]);
        changed |= target.addAll(source);
      }
      if (rounds > 10_000) {
        throw new IllegalStateException("escape graph of " + method + " did not converge");
      }
    }
  }

  /** This method's effect on its callers. */
  public MethodSummary summary() {
    MethodSummary s = new MethodSummary(paramNodes.length - 1);
    for (int i = 0; i < paramNodes.length; i++) {
      s.param(i - 1).addAllExcept(esc.get(paramNodes[i]), i - 1);
    }
    s.result().addAll(loc.get(returnNode));
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
        MethodSummary callee = calleeSummaries.apply(t);
        Escapes w = callee.writes();
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
    s.writes().flags &= ~Escapes.RETURNED;
    return s;
  }

  private Function<SootMethod, MethodSummary> calleeSummaries = m -> new MethodSummary(m.getParameterCount());

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

  public Escapes esc(int node) {
    return esc.get(node);
  }

  public Escapes loc(int node) {
    return loc.get(node);
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
    return paramNodes[index + 1];
  }
}
