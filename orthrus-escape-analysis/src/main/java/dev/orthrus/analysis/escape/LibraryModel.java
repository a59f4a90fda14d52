package dev.orthrus.analysis.escape;

import java.util.Set;
import soot.ArrayType;
import soot.SootMethodRef;

/**
 * What calls into the JDK do with their arguments, so that common library calls do not make every
 * argument escape. Anything not listed here is treated as may-escape (global).
 */
public final class LibraryModel {

  /** The effect of a library call on its arguments and result. */
  public enum Effect {
    /** Arguments are read, not retained; the result is fresh or a primitive. */
    PURE,
    /** The result is a fresh copy of an array (an allocation site: clone, Arrays.copyOf). */
    FRESH_ARRAY,
    /** Arguments are stored into the receiver's contents (Collection.add, Map.put). */
    CONTAINER_INSERT,
    /** The result is taken from the receiver's contents (List.get, Iterator.next). */
    CONTAINER_READ,
    /** The result is the receiver itself (StringBuilder.append). */
    RETURNS_RECEIVER,
    /** The result is a fresh object holding the arguments (List.of, Arrays.asList). */
    WRAPS_ARGUMENTS,
    /**
     * The result is a fresh object holding the argument's elements, never the argument when the
     * argument is mutable (List.copyOf, Set.copyOf, Map.copyOf, EnumSet.copyOf).
     */
    COPIES_CONTENTS,
    /** A library constructor: arguments may be stored in the new object. */
    STORES_IN_RECEIVER,
    /** Unknown: arguments and receiver may escape anywhere, the result may be shared. */
    MAY_ESCAPE
  }

  private static final Set<String> PURE_CLASSES =
      Set.of(
          "java.lang.String",
          "java.lang.Math",
          "java.lang.StrictMath",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Short",
          "java.lang.Byte",
          "java.lang.Character",
          "java.lang.Boolean",
          "java.lang.Double",
          "java.lang.Float",
          "java.lang.Number",
          "java.util.Objects",
          "java.lang.Enum",
          "java.lang.Record",
          "java.util.UUID",
          "java.lang.CharSequence",
          "java.lang.Comparable",
          "java.util.zip.CRC32",
          "java.util.Random",
          "java.util.concurrent.ThreadLocalRandom",
          "java.nio.charset.Charset");

  private static final Set<String> BUILDERS =
      Set.of(
          "java.lang.StringBuilder", "java.lang.StringBuffer", "java.lang.AbstractStringBuilder");

  private static final Set<String> INSERTS =
      Set.of(
          "add",
          "addAll",
          "addFirst",
          "addLast",
          "offer",
          "offerFirst",
          "offerLast",
          "push",
          "put",
          "putAll",
          "putIfAbsent",
          "set",
          "setValue",
          "compute",
          "computeIfAbsent",
          "computeIfPresent",
          "merge",
          "replace",
          "replaceAll",
          "lazySet",
          "setPlain",
          "setRelease",
          "compareAndSet",
          "getAndSet",
          "accumulateAndGet",
          "getAndAccumulate",
          "updateAndGet",
          "getAndUpdate");

  private static final Set<String> READS =
      Set.of(
          "get",
          "getOrDefault",
          "getFirst",
          "getLast",
          "remove",
          "removeFirst",
          "removeLast",
          "poll",
          "pollFirst",
          "pollLast",
          "pop",
          "peek",
          "peekFirst",
          "peekLast",
          "element",
          "first",
          "last",
          "iterator",
          "listIterator",
          "descendingIterator",
          "next",
          "previous",
          "values",
          "keySet",
          "entrySet",
          "getKey",
          "getValue",
          "subList",
          "floor",
          "ceiling",
          "higher",
          "lower",
          "floorKey",
          "ceilingKey",
          "higherKey",
          "lowerKey",
          "floorEntry",
          "ceilingEntry",
          "higherEntry",
          "lowerEntry",
          "firstKey",
          "lastKey",
          "firstEntry",
          "lastEntry",
          "headMap",
          "tailMap",
          "subMap",
          "headSet",
          "tailSet",
          "subSet",
          "descendingMap",
          "descendingSet",
          "navigableKeySet",
          "orElse",
          "orElseThrow",
          "getPlain",
          "getAcquire",
          "stream",
          "toArray",
          "take",
          "reversed");

  private static final Set<String> QUERIES =
      Set.of(
          "size",
          "isEmpty",
          "contains",
          "containsKey",
          "containsValue",
          "containsAll",
          "hashCode",
          "equals",
          "indexOf",
          "lastIndexOf",
          "clear",
          "hasNext",
          "hasPrevious",
          "nextIndex",
          "previousIndex",
          "isPresent",
          "toString",
          "forEach",
          "sort",
          "ensureCapacity",
          "trimToSize",
          "comparator",
          "retainAll",
          "removeAll",
          "removeIf",
          "length",
          "intValue",
          "longValue");

  private LibraryModel() {}

  public static Effect effect(SootMethodRef ref, boolean arrayClone) {
    String owner = ref.getDeclaringClass().getName();
    String name = ref.getName();
    if (arrayClone) {
      return Effect.FRESH_ARRAY;
    }
    if (owner.equals("java.lang.Object")) {
      return name.equals("clone") ? Effect.MAY_ESCAPE : Effect.PURE;
    }
    if (owner.equals("java.util.Arrays")) {
      if (name.startsWith("copyOf")) {
        return Effect.FRESH_ARRAY;
      }
      if (name.equals("asList")) {
        return Effect.WRAPS_ARGUMENTS;
      }
      return name.equals("fill") || name.equals("setAll") ? Effect.CONTAINER_INSERT : Effect.PURE;
    }
    if (owner.equals("java.lang.System")) {
      return name.equals("arraycopy")
              || name.equals("identityHashCode")
              || name.equals("nanoTime")
              || name.equals("currentTimeMillis")
              || name.equals("lineSeparator")
          ? Effect.PURE
          : Effect.MAY_ESCAPE;
    }
    if (PURE_CLASSES.contains(owner)) {
      // String.getBytes, toCharArray, split: an array these classes return is a new one.
      return ref.getReturnType() instanceof ArrayType ? Effect.FRESH_ARRAY : Effect.PURE;
    }
    if (BUILDERS.contains(owner)) {
      return name.equals("toString")
              || name.equals("<init>")
              || name.equals("length")
              || name.equals("charAt")
          ? Effect.PURE
          : Effect.RETURNS_RECEIVER;
    }
    if (owner.equals("java.lang.Thread")
        || owner.startsWith("java.util.concurrent.Executor")
        || owner.startsWith("java.util.concurrent.ForkJoin")) {
      return Effect.MAY_ESCAPE;
    }
    boolean container = owner.startsWith("java.util.");
    if (container) {
      if (name.equals("<init>")) {
        return Effect.CONTAINER_INSERT;
      }
      if (ref.isStatic() && name.equals("copyOf")) {
        return Effect.COPIES_CONTENTS;
      }
      if (ref.isStatic()
          && (name.equals("of")
              || name.startsWith("unmodifiable")
              || name.startsWith("synchronized")
              || name.equals("singletonList")
              || name.equals("singleton")
              || name.equals("ofNullable")
              || name.equals("entry"))) {
        return Effect.WRAPS_ARGUMENTS;
      }
      if (QUERIES.contains(name)) {
        return Effect.PURE;
      }
      if (INSERTS.contains(name)) {
        return Effect.CONTAINER_INSERT;
      }
      if (READS.contains(name)) {
        return Effect.CONTAINER_READ;
      }
    }
    if (name.equals("<init>")) {
      return Effect.STORES_IN_RECEIVER;
    }
    return Effect.MAY_ESCAPE;
  }
}
