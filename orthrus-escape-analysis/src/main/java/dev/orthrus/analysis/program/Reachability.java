package dev.orthrus.analysis.program;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import soot.Body;
import soot.SootMethod;
import soot.Unit;
import soot.jimple.Stmt;

/**
 * The application methods reachable from a root through the class-hierarchy call graph, with the
 * first call chain found to each (breadth-first, so chains are shortest).
 *
 * <p>A lambda or method reference created in reached code is assumed to run: its functional method
 * is reached as a "callback" of the method that created it, because it is usually handed to library
 * code (forEach, computeIfAbsent) whose body we do not analyze.
 */
public final class Reachability {

  private final Map<SootMethod, SootMethod> parent = new LinkedHashMap<>();
  private final Set<SootMethod> callbacks = new LinkedHashSet<>();
  private final SootMethod root;

  private Reachability(SootMethod root) {
    this.root = root;
  }

  public static Reachability from(SootMethod root, SootProgram program) {
    Reachability r = new Reachability(root);
    r.parent.put(root, null);
    Deque<SootMethod> work = new ArrayDeque<>();
    work.add(root);
    while (!work.isEmpty()) {
      SootMethod m = work.poll();
      Body body = program.body(m);
      if (body == null) {
        continue;
      }
      for (Unit u : body.getUnits()) {
        Stmt s = (Stmt) u;
        if (!s.containsInvokeExpr()) {
          continue;
        }
        for (SootMethod t : program.targets(s.getInvokeExpr()).application()) {
          r.reach(t, m, work);
          if (t.isStatic() && t.getName().equals("bootstrap$")) {
            for (SootMethod fm : t.getDeclaringClass().getMethods()) {
              if (!fm.isStatic() && !fm.isConstructor() && program.body(fm) != null && r.reach(fm, m, work)) {
                r.callbacks.add(fm);
              }
            }
          }
        }
      }
    }
    return r;
  }

  private boolean reach(SootMethod t, SootMethod from, Deque<SootMethod> work) {
    if (parent.containsKey(t)) {
      return false;
    }
    parent.put(t, from);
    work.add(t);
    return true;
  }

  public SootMethod root() {
    return root;
  }

  /** Reached methods, the root first, in breadth-first order. */
  public Set<SootMethod> methods() {
    return Collections.unmodifiableSet(parent.keySet());
  }

  /** Methods reached only because a lambda object was created (library code may call them). */
  public Set<SootMethod> callbacks() {
    return Collections.unmodifiableSet(callbacks);
  }

  /** Method ids from the root to {@code m}, both included. */
  public List<String> chainTo(SootMethod m) {
    List<String> chain = new ArrayList<>();
    for (SootMethod at = m; at != null; at = parent.get(at)) {
      chain.add(MethodIds.of(at));
    }
    Collections.reverse(chain);
    return chain;
  }
}
