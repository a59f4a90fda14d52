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
import soot.SootClass;
import soot.SootField;
import soot.SootMethod;
import soot.Unit;
import soot.jimple.Stmt;

/**
 * The application methods reachable from a root through the class-hierarchy call graph, with the
 * first call chain found to each (breadth-first, so chains are shortest).
 *
 * <p>A lambda or method reference created in reached code is assumed to run: its functional method
 * is reached as a "callback" of the method that created it, because it is usually handed to library
 * code (forEach, computeIfAbsent) whose body we do not analyze. The same holds for an application
 * class that implements a JDK functional interface (an anonymous {@code Comparator}): constructing
 * one reaches the methods that implement the interface.
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
        for (SootMethod t : program.targets(s.getInvokeExpr(), body).application()) {
          r.reach(t, m, work);
          for (SootMethod fm : callbacksCreatedBy(t, program)) {
            if (r.reach(fm, m, work)) {
              r.callbacks.add(fm);
            }
          }
        }
      }
    }
    return r;
  }

  /**
   * The methods that library code may call on an object that {@code t} creates: those of a lambda
   * class when {@code t} is its factory, those implementing a JDK functional interface when {@code
   * t} is a constructor of an application class that implements one.
   */
  public static List<SootMethod> callbacksCreatedBy(SootMethod t, SootProgram program) {
    boolean creates = t.isStatic() && t.getName().equals("bootstrap$") || t.isConstructor();
    return creates ? callbacksOf(t.getDeclaringClass(), program) : List.of();
  }

  /**
   * The methods that library code may call on an object of class {@code c}: every instance method
   * of a lambda class, or those implementing a JDK functional interface.
   */
  public static List<SootMethod> callbacksOf(SootClass c, SootProgram program) {
    List<SootMethod> out = new ArrayList<>();
    if (c.declaresMethodByName("bootstrap$")) {
      for (SootMethod fm : c.getMethods()) {
        if (!fm.isStatic() && !fm.isConstructor() && program.body(fm) != null) {
          out.add(fm);
        }
      }
      return out;
    }
    Set<String> names = functionalMethodNames(c);
    for (SootClass at = c;
        !names.isEmpty() && at != null && at.isApplicationClass();
        at = at.hasSuperclass() ? at.getSuperclass() : null) {
      for (SootMethod fm : at.getMethods()) {
        if (!fm.isStatic()
            && !fm.isConstructor()
            && names.contains(fm.getName())
            && program.body(fm) != null) {
          out.add(fm);
        }
      }
    }
    return out;
  }

  /**
   * The fields in which an object of class {@code c} holds what it captured, when library code may
   * run it: a lambda's {@code cap0, cap1, ...} (in that order, the factory's parameters), or the
   * final instance fields of an application class implementing a JDK functional interface (javac's
   * {@code this$0}, {@code val$x}). Empty for other classes.
   */
  public static List<SootField> capturedFields(SootClass c) {
    List<SootField> out = new ArrayList<>();
    boolean lambda = c.declaresMethodByName("bootstrap$");
    if (!lambda && functionalMethodNames(c).isEmpty()) {
      return out;
    }
    for (SootField f : c.getFields()) {
      if (!f.isStatic() && (lambda || f.isFinal())) {
        out.add(f);
      }
    }
    if (lambda) {
      out.sort(
          java.util.Comparator.comparingInt(
              f -> Integer.parseInt(f.getName().replaceAll("\\D", "0"))));
    }
    return out;
  }

  /** Names of the abstract methods of the JDK functional interfaces that {@code c} implements. */
  private static Set<String> functionalMethodNames(SootClass c) {
    Set<String> names = new LinkedHashSet<>();
    Deque<SootClass> todo = new ArrayDeque<>();
    for (SootClass at = c;
        at != null && at.isApplicationClass();
        at = at.hasSuperclass() ? at.getSuperclass() : null) {
      todo.addAll(at.getInterfaces());
    }
    while (!todo.isEmpty()) {
      SootClass i = todo.poll();
      if (FunctionalInterfaces.isJdk(i.getName())) {
        for (SootMethod am : i.getMethods()) {
          if (am.isAbstract()) {
            names.add(am.getName());
          }
        }
      } else if (i.isApplicationClass()) {
        todo.addAll(i.getInterfaces());
      }
    }
    return names;
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

  /**
   * Methods reached because a lambda or functional object was created (library code may call them).
   */
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
