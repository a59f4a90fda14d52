package dev.orthrus.analysis.suggest;

import dev.orthrus.analysis.AnalysisProgress;
import dev.orthrus.analysis.Suggestion;
import dev.orthrus.analysis.escape.EscapeSummaries;
import dev.orthrus.analysis.escape.Escapes;
import dev.orthrus.analysis.escape.LibraryModel;
import dev.orthrus.analysis.escape.MethodEscapeGraph;
import dev.orthrus.analysis.program.MethodIds;
import dev.orthrus.analysis.program.SootProgram;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import soot.ArrayType;
import soot.RefType;
import soot.SootClass;
import soot.SootField;
import soot.SootMethod;
import soot.SootMethodRef;
import soot.Type;

/**
 * Ranks candidate closures in code that has no {@code @Closure} yet: methods that write heap state
 * reachable from a long-lived data structure (the receiver's fields), directly, through helpers, or
 * by inserting into a container the receiver holds. See docs/analysis.md for the score.
 */
public final class ClosureSuggester {

  /** Suggestions below this score are noise (a plain setter scores 1 or 2). */
  static final int THRESHOLD = 4;

  static final int LIMIT = 200;

  private static final Set<String> REMOVALS =
      Set.of(
          "remove",
          "removeFirst",
          "removeLast",
          "removeIf",
          "removeAll",
          "retainAll",
          "clear",
          "poll",
          "pollFirst",
          "pollLast",
          "pollFirstEntry",
          "pollLastEntry",
          "pop",
          "take",
          "drainTo");

  private ClosureSuggester() {}

  public static List<Suggestion> suggest(
      SootProgram program, EscapeSummaries summaries, AnalysisProgress progress) {
    List<Suggestion> out = new ArrayList<>();
    int done = 0;
    for (SootMethod m : program.bodies().keySet()) {
      if (++done % 1000 == 0) {
        progress.step("suggest", done, program.bodies().size());
      }
      if (m.isStatic()
          || m.isConstructor()
          || m.isStaticInitializer()
          || soot.Modifier.isSynthetic(m.getModifiers())
          || MethodEscapeGraph.isLambdaFactory(m)
          || MethodEscapeGraph.isLambdaClass(m.getDeclaringClass())
          || m.getName().startsWith("lambda$")
          // Already a closure; or of an anonymous or local class, which cannot own one.
          || SootProgram.isAnnotated(m.getTags(), SootProgram.CLOSURE_ANNOTATION)
          || anonymousOrLocal(m.getDeclaringClass())) {
        continue;
      }
      MethodEscapeGraph g = summaries.graph(m);
      if (g == null) {
        continue;
      }
      Suggestion s = score(program, summaries, m, g);
      if (s != null) {
        out.add(s);
      }
    }
    out.sort(
        Comparator.comparingInt(Suggestion::score).reversed().thenComparing(Suggestion::method));
    return out.size() > LIMIT ? out.subList(0, LIMIT) : out;
  }

  /** {@code Outer$1}, {@code Outer$1Local}: a class javac names after a number. */
  private static boolean anonymousOrLocal(soot.SootClass c) {
    String name = c.getName();
    int dollar = name.lastIndexOf('$');
    return dollar >= 0 && dollar + 1 < name.length() && Character.isDigit(name.charAt(dollar + 1));
  }

  private static Suggestion score(
      SootProgram program, EscapeSummaries summaries, SootMethod m, MethodEscapeGraph g) {
    int thisNode = g.paramNode(-1);
    Set<String> ownFields = new LinkedHashSet<>();
    Set<String> deepWrites = new LinkedHashSet<>();
    Set<String> containerInserts = new LinkedHashSet<>();
    Set<String> containerRemovals = new LinkedHashSet<>();
    Set<String> helperWrites = new LinkedHashSet<>();
    boolean staticWrites = false;
    for (MethodEscapeGraph.StoreSite st : g.stores()) {
      if (st.isStatic()) {
        staticWrites = true;
        continue;
      }
      if (!g.loc(st.base()).hasParam(-1)) {
        continue;
      }
      String what =
          st.field() == null
              ? "an array element"
              : st.field().getDeclaringClass().getShortName() + "." + st.field().getName();
      if (st.base() == thisNode || st.base() == g.thisLocal()) {
        ownFields.add(what);
      } else {
        deepWrites.add(what);
      }
    }
    for (MethodEscapeGraph.CallSiteNodes c : g.calls()) {
      int recv = c.args()[0];
      SootMethodRef ref = c.call().getMethodRef();
      if (c.targets().library()
          && recv >= 0
          && g.loc(recv).hasParam(-1)
          && !ref.getName().equals("<init>")) {
        String call = ref.getDeclaringClass().getShortName() + "." + ref.getName();
        if (LibraryModel.effect(ref, false) == LibraryModel.Effect.CONTAINER_INSERT) {
          containerInserts.add(call);
        } else if (removes(ref)) {
          containerRemovals.add(call);
        }
      }
      for (SootMethod t : c.targets().application()) {
        if (t.isConstructor()) {
          // Initializing a new object writes no existing structure; storing it somewhere does.
          continue;
        }
        Escapes w = summaries.summaryOf(t).writes();
        for (int k : w.paramIndexes()) {
          int arg = k + 1 < c.args().length ? c.args()[k + 1] : -1;
          if (arg >= 0 && g.loc(arg).hasParam(-1)) {
            helperWrites.add(t.getDeclaringClass().getShortName() + "#" + t.getName());
            break;
          }
        }
      }
    }
    int score =
        Math.min(ownFields.size(), 3)
            + 3 * Math.min(deepWrites.size(), 4)
            + 3 * Math.min(containerInserts.size() + containerRemovals.size(), 3)
            + 2 * Math.min(helperWrites.size(), 3);
    if (deepWrites.isEmpty()
        && containerInserts.isEmpty()
        && containerRemovals.isEmpty()
        && helperWrites.isEmpty()) {
      // Only its own fields: a setter or a counter, not an operator on a data structure.
      return null;
    }
    List<String> reasons = new ArrayList<>();
    if (!deepWrites.isEmpty()) {
      reasons.add("writes objects reached from this: " + listed(deepWrites));
    }
    if (!containerInserts.isEmpty()) {
      reasons.add("inserts into containers held by this: " + listed(containerInserts));
    }
    if (!containerRemovals.isEmpty()) {
      reasons.add("removes from containers held by this: " + listed(containerRemovals));
    }
    if (!helperWrites.isEmpty()) {
      reasons.add("calls helpers that write this's structure: " + listed(helperWrites));
    }
    if (!ownFields.isEmpty()) {
      reasons.add("writes its own fields: " + listed(ownFields));
    }
    List<String> longLived = dataStructureFields(m.getDeclaringClass());
    if (!longLived.isEmpty()) {
      score += 2;
      reasons.add(
          m.getDeclaringClass().getShortName()
              + " holds a data structure: "
              + String.join(", ", longLived));
    }
    if (m.isPublic()) {
      score += 1;
    } else if (m.isPrivate()) {
      score -= 2;
      reasons.add("private: its public caller may be the better closure");
    }
    if (staticWrites) {
      score -= 2;
      reasons.add("also writes static fields, which a closure must not do");
    }
    if (score < THRESHOLD) {
      return null;
    }
    return new Suggestion(MethodIds.of(m), score, reasons, program.position(m));
  }

  /**
   * A JDK container call that takes elements out ({@code Map.remove}, {@code Iterator.remove},
   * {@code Deque.poll}, {@code clear}). The escape model sees these as reads (what they return
   * comes from the container); for ranking they are writes to the data structure.
   */
  private static boolean removes(SootMethodRef ref) {
    return ref.getDeclaringClass().getName().startsWith("java.util.")
        && REMOVALS.contains(ref.getName());
  }

  private static String listed(Set<String> items) {
    List<String> first = items.stream().limit(5).toList();
    return String.join(", ", first) + (items.size() > first.size() ? ", ..." : "");
  }

  /** Instance fields that are arrays, collections, maps, or of the class's own type (links). */
  private static List<String> dataStructureFields(SootClass c) {
    List<String> out = new ArrayList<>();
    for (SootField f : c.getFields()) {
      if (f.isStatic()) {
        continue;
      }
      Type t = f.getType();
      boolean structure =
          t instanceof ArrayType
              || t instanceof RefType r
                  && (r.getClassName().startsWith("java.util.") || r.getSootClass().equals(c));
      if (structure) {
        out.add(f.getName() + " " + t);
      }
      if (out.size() == 3) {
        break;
      }
    }
    return out;
  }
}
