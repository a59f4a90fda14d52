package dev.orthrus.analysis.escape;

import dev.orthrus.analysis.program.FunctionalInterfaces;
import java.util.Set;
import soot.RefType;
import soot.SootMethodRef;

/**
 * What JDK methods that take functional objects (lambdas, method references, comparators,
 * collectors) do with them and with the objects they hand them, so that a lambda passed to {@code
 * forEach} or {@code Stream.map} neither escapes nor receives unknown arguments. A call this model
 * does not list keeps the plain {@link LibraryModel} effect, and a functional object handed to it
 * is treated as run anywhere with anything.
 */
public final class LibraryCallbacks {

  /** How a modelled call treats its functional arguments. */
  public enum Kind {
    /**
     * Runs them during the call on the receiver's elements and the other arguments; keeps nothing
     * (forEach, removeIf, sort, anyMatch, ifPresent).
     */
    RUNS,
    /**
     * Runs them and stores their results into the receiver (or the array argument); returns an
     * element (computeIfAbsent, merge, replaceAll, Arrays.setAll).
     */
    STORES_RESULTS,
    /**
     * Returns a new stream or Optional holding the receiver's elements and their results, which
     * keeps them until a terminal operation runs them (map, filter, sorted, Optional.map).
     */
    STAGE,
    /**
     * Runs them and returns a new result holding the receiver's elements and their results
     * (collect, toList, max, findFirst).
     */
    TERMINAL,
    /**
     * Runs them and returns one of the receiver's elements, an argument or one of their results
     * (Optional.orElseGet, reduce(identity, op), Collections.max).
     */
    PICKS,
    /**
     * Returns a JDK object composed of them (and of the receiver), which runs them wherever it is
     * run itself (Comparator.comparing, thenComparing, Collectors.groupingBy, Function.andThen).
     */
    COMPOSES,
    /** A new container that keeps them and runs them on its elements (new TreeMap(comparator)). */
    HOLDS,
    /** The single abstract method of a functional interface: runs the receiver on the arguments. */
    INVOKES,
    /**
     * A view of the receiver's elements that later calls consume (Collection.stream,
     * Arrays.stream).
     */
    VIEW
  }

  private static final Set<String> STREAMS =
      Set.of(
          "java.util.stream.Stream",
          "java.util.stream.IntStream",
          "java.util.stream.LongStream",
          "java.util.stream.DoubleStream",
          "java.util.stream.BaseStream");

  private static final Set<String> OPTIONALS =
      Set.of(
          "java.util.Optional",
          "java.util.OptionalInt",
          "java.util.OptionalLong",
          "java.util.OptionalDouble");

  private static final Set<String> STREAM_RUNS =
      Set.of("forEach", "forEachOrdered", "anyMatch", "allMatch", "noneMatch");

  private static final Set<String> STREAM_TERMINALS =
      Set.of(
          "collect",
          "toList",
          "toArray",
          "reduce",
          "min",
          "max",
          "findFirst",
          "findAny",
          "iterator",
          "spliterator",
          "average",
          "sum",
          "count",
          "summaryStatistics");

  private static final Set<String> STORING =
      Set.of("computeIfAbsent", "computeIfPresent", "compute", "merge", "replaceAll");

  private LibraryCallbacks() {}

  /**
   * True when the call returns a functional argument's result by throwing it ({@code
   * Optional.orElseThrow}).
   */
  public static boolean throwsResults(SootMethodRef ref) {
    return OPTIONALS.contains(ref.getDeclaringClass().getName())
        && ref.getName().equals("orElseThrow")
        && ref.getParameterTypes().size() == 1;
  }

  /** How the call treats functional objects, or null when it is not modelled here. */
  public static Kind of(SootMethodRef ref) {
    String owner = ref.getDeclaringClass().getName();
    String name = ref.getName();
    if (FunctionalInterfaces.isJdk(owner)) {
      if (owner.equals("java.util.stream.Collector")) {
        return null;
      }
      return isAbstract(ref) ? Kind.INVOKES : Kind.COMPOSES;
    }
    if (STREAMS.contains(owner)) {
      if (STREAM_RUNS.contains(name)) {
        return Kind.RUNS;
      }
      if (name.equals("reduce") && ref.getParameterTypes().size() > 1) {
        return Kind.PICKS;
      }
      if (STREAM_TERMINALS.contains(name)) {
        return Kind.TERMINAL;
      }
      boolean returnsStream =
          ref.getReturnType() instanceof RefType r && STREAMS.contains(r.getClassName());
      boolean wraps =
          ref.isStatic()
              && (name.equals("of") || name.equals("ofNullable") || name.equals("empty"));
      return returnsStream && !wraps ? Kind.STAGE : null;
    }
    if (owner.equals("java.util.stream.Collectors")
        || owner.equals("java.util.Map$Entry") && name.startsWith("comparingBy")) {
      return Kind.COMPOSES;
    }
    if (OPTIONALS.contains(owner)) {
      return switch (name) {
        case "map", "flatMap", "filter", "or", "stream" -> Kind.STAGE;
        case "ifPresent", "ifPresentOrElse" -> Kind.RUNS;
        case "orElseGet", "orElseThrow" -> ref.getParameterTypes().size() == 1 ? Kind.PICKS : null;
        default -> null;
      };
    }
    if (owner.equals("java.util.Arrays")) {
      return switch (name) {
        case "sort", "parallelSort" -> hasFunctionalParameter(ref) ? Kind.RUNS : null;
        case "setAll", "parallelSetAll" -> Kind.STORES_RESULTS;
        case "stream" -> Kind.VIEW;
        default -> null;
      };
    }
    if (owner.equals("java.util.Collections")) {
      return switch (name) {
        case "sort" -> hasFunctionalParameter(ref) ? Kind.RUNS : null;
        case "max", "min" -> hasFunctionalParameter(ref) ? Kind.PICKS : null;
        default -> null;
      };
    }
    if (!owner.startsWith("java.util.") || ref.isStatic()) {
      return null;
    }
    if (name.equals("<init>")) {
      return hasFunctionalParameter(ref) ? Kind.HOLDS : null;
    }
    return switch (name) {
      case "forEach", "removeIf", "forEachRemaining" -> Kind.RUNS;
      case "sort" -> hasFunctionalParameter(ref) ? Kind.RUNS : null;
      case "stream", "parallelStream" -> Kind.VIEW;
      default -> STORING.contains(name) && hasFunctionalParameter(ref) ? Kind.STORES_RESULTS : null;
    };
  }

  private static boolean hasFunctionalParameter(SootMethodRef ref) {
    return ref.getParameterTypes().stream().anyMatch(FunctionalInterfaces::isJdk);
  }

  private static boolean isAbstract(SootMethodRef ref) {
    try {
      soot.SootMethod m = ref.tryResolve();
      return m != null && m.isAbstract();
    } catch (RuntimeException e) {
      return false;
    }
  }
}
