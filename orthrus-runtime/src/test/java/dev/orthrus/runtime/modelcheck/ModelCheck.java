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
   * Options for a Lincheck data-structure check: {@code scenarios} random scenarios plus the
   * custom ones added to them, each explored for up to {@code invocations} interleavings (fewer
   * when the checker runs out of them), both scaled.
   */
  public static ModelCheckingOptions options(int scenarios, int invocations) {
    return new ModelCheckingOptions()
        .iterations(scenarios * scale())
        .invocationsPerIteration(invocations * scale());
  }

  /**
   * A scenario of {@code test}'s operations, named by method: {@code initial} runs first, then
   * each list of {@code parallel} in a thread of its own. Operations take no arguments.
   */
  public static ExecutionScenario scenario(Class<?> test, List<String> initial,
      List<List<String>> parallel) {
    List<List<Actor>> threads = new ArrayList<>();
    for (List<String> thread : parallel) {
      threads.add(actors(test, thread));
    }
    // The test's validation function is added by Lincheck.
    return new ExecutionScenario(actors(test, initial), threads, List.of(), null);
  }

  private static List<Actor> actors(Class<?> test, List<String> names) {
    List<Actor> actors = new ArrayList<>();
    for (String name : names) {
      try {
        Method m = test.getMethod(name);
        actors.add(new Actor(m, List.of()));
      } catch (NoSuchMethodException e) {
        throw new IllegalArgumentException("no operation " + name + " in " + test, e);
      }
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
