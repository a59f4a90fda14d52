package dev.orthrus.runtime.modelcheck;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * Bounds shared by the interleaving tests (decision 0021), sized so that the whole set adds well
 * under two minutes to {@code mvn verify} on two cores. {@code -Dorthrus.modelcheck.scale=N}
 * multiplies the random scenarios and the interleavings explored per scenario by N, for a longer
 * run.
 */
public final class ModelCheck {

  private ModelCheck() {}

  /** The multiplier from {@code orthrus.modelcheck.scale}, at least 1. */
  public static int scale() {
    return Math.max(1, Integer.getInteger("orthrus.modelcheck.scale", 1));
  }

  /**
   * Options for a Lincheck data-structure check: {@code scenarios} random scenarios plus the custom
   * ones added to them, each explored for up to {@code invocations} interleavings (fewer when the
   * checker runs out of them), both scaled.
   */
  public static ModelCheckingOptions options(int scenarios, int invocations) {
    return new ModelCheckingOptions()
        .iterations(scenarios * scale())
        .invocationsPerIteration(invocations * scale());
  }

  /**
   * A scenario of {@code test}'s operations, named by method: {@code initial} runs first, then each
   * list of {@code parallel} in a thread of its own. An operation takes no argument, or one {@code
   * int}: the number of the thread it runs in (0 for the initial part and the first thread), as
   * Lincheck's {@code ThreadIdGen} gives it in random scenarios.
   */
  public static ExecutionScenario scenario(
      Class<?> test, List<String> initial, List<List<String>> parallel) {
    List<List<Actor>> threads = new ArrayList<>();
    for (int t = 0; t < parallel.size(); t++) {
      threads.add(actors(test, parallel.get(t), t));
    }
    // The test's validation function is added by Lincheck.
    return new ExecutionScenario(actors(test, initial, 0), threads, List.of(), null);
  }

  private static List<Actor> actors(Class<?> test, List<String> names, int thread) {
    List<Actor> actors = new ArrayList<>();
    for (String name : names) {
      Method op = null;
      for (Method m : test.getMethods()) {
        if (m.getName().equals(name)) {
          op = m;
        }
      }
      if (op == null) {
        throw new IllegalArgumentException("no operation " + name + " in " + test);
      }
      actors.add(new Actor(op, op.getParameterCount() == 0 ? List.of() : List.of(thread)));
    }
    return actors;
  }

  /**
   * Prints how a seeded bug was caught when {@code -Dorthrus.modelcheck.showSeededBugs=true}: the
   * checker's trace, for a reader who wants to see what the test found.
   */
  public static void report(SeededBug bug, Throwable failure) {
    if (Boolean.getBoolean("orthrus.modelcheck.showSeededBugs")) {
      System.out.println("---- seeded bug caught: " + bug + "\n" + failure.getMessage());
    }
  }
}
