package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Arguments and results as a log keeps them. They belong to the caller, which may change them the
 * moment the call returned (a server refills one request buffer for every call), while the
 * validator re-executes later: an immutable value is kept as it is, an array is copied (arrays
 * nested in it too), and anything else mutable is kept by reference with a fingerprint of its
 * contents, which the validator takes again before and after its re-execution (decision 0015).
 */
final class CallerValues {

  private CallerValues() {}

  /** Arrays nested deeper than this are not copied but fingerprinted. */
  private static final int COPY_DEPTH = 4;

  /** Contents nested deeper than this do not count in a fingerprint. */
  private static final int FINGERPRINT_DEPTH = 16;

  /** Values that cannot change: kept by reference, no fingerprint. */
  static boolean immutable(Object v) {
    if (v == null || v instanceof String || v instanceof VersionedObject<?>) {
      return true;
    }
    Class<?> type = v.getClass();
    return !type.isArray() && IMMUTABLE.get(type);
  }

  /**
   * {@link #immutable}, or a collection or map of the JDK's own immutable classes ({@code List.of},
   * {@code Map.of}) whose elements are immutable: nobody can change what it holds.
   */
  static boolean unchangeable(Object v) {
    if (immutable(v)) {
      return true;
    }
    if (!v.getClass().getName().startsWith("java.util.ImmutableCollections$")) {
      return false;
    }
    if (v instanceof Map<?, ?> map) {
      return map.entrySet().stream()
          .allMatch(e -> immutable(e.getKey()) && immutable(e.getValue()));
    }
    return v instanceof Collection<?> c && c.stream().allMatch(CallerValues::immutable);
  }

  /** A copy of {@code array}, with the arrays nested in it copied as well (down to a depth). */
  static Object copy(Object array) {
    return copy(array, 0);
  }

  private static Object copy(Object a, int depth) {
    if (a instanceof byte[]) {
      return ((byte[]) a).clone();
    }
    if (a instanceof long[]) {
      return ((long[]) a).clone();
    }
    if (a instanceof int[]) {
      return ((int[]) a).clone();
    }
    if (a instanceof double[]) {
      return ((double[]) a).clone();
    }
    if (a instanceof char[]) {
      return ((char[]) a).clone();
    }
    if (a instanceof short[]) {
      return ((short[]) a).clone();
    }
    if (a instanceof float[]) {
      return ((float[]) a).clone();
    }
    if (a instanceof boolean[]) {
      return ((boolean[]) a).clone();
    }
    Object[] c = ((Object[]) a).clone();
    if (depth + 1 < COPY_DEPTH) {
      for (int i = 0; i < c.length; i++) {
        if (c[i] != null && c[i].getClass().isArray()) {
          c[i] = copy(c[i], depth + 1);
        }
      }
    }
    return c;
  }

  /**
   * A copy of a collection or map a closure returns, of one of the JDK's mutable classes (exactly:
   * a subclass may hold more than its elements), or null for any other object. The log keeps the
   * copy, so that a caller that changes the collection it got ({@code list.clear()}) leaves the
   * execution validated against what it returned. Elements are not copied: they are checked by the
   * fingerprint as a shared array's are.
   */
  static Object copyOfCollection(Object v) {
    Class<?> type = v.getClass();
    if (type == ArrayList.class) {
      return new ArrayList<>((Collection<?>) v);
    }
    if (type == LinkedList.class) {
      return new LinkedList<>((Collection<?>) v);
    }
    if (type == java.util.HashSet.class) {
      return new HashSet<>((Collection<?>) v);
    }
    if (type == LinkedHashSet.class) {
      return new LinkedHashSet<>((Collection<?>) v);
    }
    if (type == TreeSet.class) {
      return new TreeSet<>((SortedSet<?>) v);
    }
    if (type == HashMap.class) {
      return new HashMap<>((Map<?, ?>) v);
    }
    if (type == LinkedHashMap.class) {
      return new LinkedHashMap<>((Map<?, ?>) v);
    }
    if (type == TreeMap.class) {
      return new TreeMap<>((SortedMap<?, ?>) v);
    }
    return null;
  }

  /** About what {@link #copyOfCollection} keeps alive, for the memory budget. */
  static long collectionBytes(Object copy) {
    int n = copy instanceof Map<?, ?> m ? m.size() : ((Collection<?>) copy).size();
    return 64L + (copy instanceof ArrayList<?> ? 8L : 48L) * n;
  }

  /** Bytes a copy made by {@link #copy} keeps alive, roughly (for the memory budget). */
  static long bytes(Object array) {
    return bytes(array, 0);
  }

  private static long bytes(Object array, int depth) {
    if (array instanceof byte[]) {
      return 16L + ((byte[]) array).length;
    }
    int n = java.lang.reflect.Array.getLength(array);
    if (array instanceof Object[]) {
      long total = 16L + 8L * n;
      if (depth + 1 < COPY_DEPTH) {
        for (Object e : (Object[]) array) {
          if (e != null && e.getClass().isArray()) {
            total += bytes(e, depth + 1);
          }
        }
      }
      return total;
    }
    Class<?> type = array.getClass().getComponentType();
    int width =
        type == long.class || type == double.class
            ? 8
            : type == int.class || type == float.class
                ? 4
                : type == char.class || type == short.class ? 2 : 1;
    return 16L + (long) width * n;
  }

  /**
   * True when a value as the log keeps it (after {@link #copy}) still shares something mutable with
   * the caller, which its fingerprint must then cover.
   */
  static boolean shared(Object logged) {
    return shared(logged, 0);
  }

  private static boolean shared(Object v, int depth) {
    if (immutable(v)) {
      return false;
    }
    if (!(v instanceof Object[])) {
      // A primitive array within the copy depth is the log's own copy.
      return !v.getClass().isArray() || depth >= COPY_DEPTH;
    }
    if (depth >= COPY_DEPTH) {
      return true;
    }
    for (Object e : (Object[]) v) {
      if (shared(e, depth + 1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A hash of the contents of what a logged value shares with the caller: arrays by their elements,
   * records by their components, collections, maps and optionals by their elements, a user-data
   * handle by its identity, any other object by its {@code hashCode} (content-based for the types a
   * closure signature admits, which override {@code equals}). Throws whatever those throw (a
   * collection being modified).
   */
  static long fingerprint(Object logged) {
    return fingerprint(logged, 0, true);
  }

  /**
   * @param copied {@code v} is the log's own copy if it is an array (reached through copies)
   */
  private static long fingerprint(Object v, int depth, boolean copied) {
    if (v == null || depth >= FINGERPRINT_DEPTH) {
      return 0;
    }
    if (v instanceof VersionedObject<?>) {
      // The handle is what the log holds; its contents are versioned, and its own hashCode may
      // read their newest version, which later closures change.
      return System.identityHashCode(v);
    }
    if (immutable(v)) {
      return valueBits(v); // fixed, but an element of a container that may change
    }
    if (v instanceof Object[]) {
      boolean elementsCopied = copied && depth + 1 < COPY_DEPTH;
      long h = 1;
      for (Object e : (Object[]) v) {
        h = h * 31 + fingerprint(e, depth + 1, elementsCopied);
      }
      return h;
    }
    if (v.getClass().isArray()) {
      return copied ? 0 : primitiveArrayHash(v);
    }
    MethodHandle[] components = v instanceof Record ? COMPONENTS.get(v.getClass()) : null;
    if (components != null) {
      long h = 1;
      for (MethodHandle component : components) {
        h = h * 31 + fingerprint(read(component, v), depth + 1, false);
      }
      return h;
    }
    if (v instanceof Collection<?>) {
      long h = 1;
      for (Object e : (Collection<?>) v) {
        h = h * 31 + fingerprint(e, depth + 1, false);
      }
      return h;
    }
    if (v instanceof Optional<?>) {
      return 31 + fingerprint(((Optional<?>) v).orElse(null), depth + 1, false);
    }
    if (v instanceof Map<?, ?>) {
      long h = 1;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        h = h * 31 + fingerprint(e.getKey(), depth + 1, false);
        h = h * 31 + fingerprint(e.getValue(), depth + 1, false);
      }
      return h;
    }
    return v.hashCode();
  }

  /** An odd 64-bit constant (the golden ratio's bits): multiplying by it spreads every bit. */
  private static final long MIX = 0x9E37_79B9_7F4A_7C15L;

  /**
   * An immutable value's part of a fingerprint: distinct numbers and strings give distinct bits
   * where their {@code hashCode} folds them together ({@code Long.hashCode} of 0 and -1 is 0, so a
   * caller's {@code map.put(k, -1L)} over a 0 went unseen and the execution was compared against
   * the caller's change).
   */
  private static long valueBits(Object v) {
    if (v instanceof Long l) {
      return l * MIX;
    }
    if (v instanceof Double d) {
      return Double.doubleToLongBits(d) * MIX;
    }
    if (v instanceof Float f) {
      return Float.floatToIntBits(f) * MIX;
    }
    if (v instanceof String s) {
      long h = 0xCBF2_9CE4_8422_2325L;
      for (int i = 0; i < s.length(); i++) {
        h = (h ^ s.charAt(i)) * 0x0000_0100_0000_01B3L;
      }
      return h ^ s.length();
    }
    return v.hashCode();
  }

  private static Object read(MethodHandle component, Object record) {
    try {
      return (Object) component.invokeExact(record);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A primitive array's part of a fingerprint: its length and each element's exact bits, folded by
   * a multiply-add with an odd 64-bit constant, so a change of any one element always changes it
   * ({@code Arrays.hashCode} folds a {@code long}'s halves: -1 over a 0 went unseen).
   */
  private static long primitiveArrayHash(Object a) {
    long h = java.lang.reflect.Array.getLength(a);
    if (a instanceof long[] xs) {
      for (long x : xs) {
        h = h * MIX + x;
      }
    } else if (a instanceof byte[] xs) {
      for (byte x : xs) {
        h = h * MIX + x;
      }
    } else if (a instanceof int[] xs) {
      for (int x : xs) {
        h = h * MIX + x;
      }
    } else if (a instanceof double[] xs) {
      for (double x : xs) {
        h = h * MIX + Double.doubleToRawLongBits(x);
      }
    } else if (a instanceof char[] xs) {
      for (char x : xs) {
        h = h * MIX + x;
      }
    } else if (a instanceof short[] xs) {
      for (short x : xs) {
        h = h * MIX + x;
      }
    } else if (a instanceof float[] xs) {
      for (float x : xs) {
        h = h * MIX + Float.floatToRawIntBits(x);
      }
    } else {
      for (boolean x : (boolean[]) a) {
        h = h * MIX + (x ? 1 : 2);
      }
    }
    return h;
  }

  /** Per class: are its instances immutable (as far as the runtime can tell from the type)? */
  private static final ClassValue<Boolean> IMMUTABLE =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          return immutableType(type, new HashSet<>());
        }
      };

  private static final Set<Class<?>> IMMUTABLE_JDK_TYPES =
      Set.of(
          String.class,
          Boolean.class,
          Character.class,
          Byte.class,
          Short.class,
          Integer.class,
          Long.class,
          Float.class,
          Double.class,
          BigInteger.class,
          BigDecimal.class,
          UUID.class,
          Class.class);

  /**
   * Primitives, boxes, strings, enums, handles and versions, final {@code java.time} values, and
   * records whose components are all declared with such types.
   */
  private static boolean immutableType(Class<?> type, Set<Class<?>> visiting) {
    if (type.isPrimitive()
        || IMMUTABLE_JDK_TYPES.contains(type)
        || Enum.class.isAssignableFrom(type)
        || VersionedObject.class.isAssignableFrom(type)
        || Version.class.isAssignableFrom(type)) {
      return true;
    }
    if (type.getPackageName().equals("java.time") && Modifier.isFinal(type.getModifiers())) {
      return true;
    }
    if (!type.isRecord()) {
      return false;
    }
    if (!visiting.add(type)) {
      return true; // a record that contains itself: its other components decide
    }
    for (RecordComponent c : type.getRecordComponents()) {
      if (!immutableType(c.getType(), visiting)) {
        return false;
      }
    }
    return true;
  }

  /**
   * A record's component accessors, for fingerprints; null when they cannot be read (a record in a
   * module that does not open its package), and its {@code hashCode} stands in.
   */
  private static final ClassValue<MethodHandle[]> COMPONENTS =
      new ClassValue<>() {
        @Override
        protected MethodHandle[] computeValue(Class<?> type) {
          RecordComponent[] components = type.getRecordComponents();
          MethodHandle[] accessors = new MethodHandle[components.length];
          try {
            for (int i = 0; i < components.length; i++) {
              Method accessor = components[i].getAccessor();
              accessor.setAccessible(true);
              accessors[i] =
                  MethodHandles.lookup()
                      .unreflect(accessor)
                      .asType(MethodType.methodType(Object.class, Object.class));
            }
          } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
          }
          return accessors;
        }
      };
}
