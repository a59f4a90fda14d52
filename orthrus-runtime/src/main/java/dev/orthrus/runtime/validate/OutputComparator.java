package dev.orthrus.runtime.validate;

import dev.orthrus.annotations.Comparison;
import dev.orthrus.runtime.api.BytesDigest;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedArray;
import dev.orthrus.runtime.api.VersionedObject;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares a validator's outputs with the application's: result (or thrown exception), the versions
 * stored in order (by content, with VAL's new objects mapped to APP's by allocation order), the
 * number of allocations, and that VAL consumed exactly the loads and non-deterministic values APP
 * logged. One instance per validator (it reuses field buffers).
 */
public final class OutputComparator {

  private final FieldRecorder app = new FieldRecorder();
  private final FieldRecorder val = new FieldRecorder();

  /** The first difference, or null when the outputs match. */
  public Mismatch compare(ClosureLog log, Replay replay) {
    Comparison comparison = log.binding().descriptor().comparison();
    Mismatch m = compareResult(log, replay, comparison);
    if (m != null) {
      return m;
    }
    if (replay.createdCount() != log.createdCount()) {
      return new Mismatch(
          MismatchKind.STORE,
          "number of stores and allocations",
          String.valueOf(replay.createdCount()),
          String.valueOf(log.createdCount()));
    }
    for (int j = 0; j < log.createdCount(); j++) {
      m = compareVersion(j, log.created(j), replay.created(j), replay, comparison);
      if (m != null) {
        return m;
      }
    }
    if (replay.allocatedCount() != log.allocatedCount()) {
      return new Mismatch(
          MismatchKind.ALLOCATION,
          "number of user-data allocations",
          String.valueOf(replay.allocatedCount()),
          String.valueOf(log.allocatedCount()));
    }
    if (replay.loadsConsumed() != log.loadCount()) {
      return new Mismatch(
          MismatchKind.LOAD_DIVERGED,
          "number of loads",
          String.valueOf(replay.loadsConsumed()),
          String.valueOf(log.loadCount()));
    }
    if (replay.nondetBitsConsumed() != log.nondetBitsCount()
        || replay.nondetRefsConsumed() != log.nondetRefCount()) {
      return new Mismatch(
          MismatchKind.NONDETERMINISM,
          "number of non-deterministic calls",
          (replay.nondetBitsConsumed() + replay.nondetRefsConsumed()) + "",
          (log.nondetBitsCount() + log.nondetRefCount()) + "");
    }
    return null;
  }

  private Mismatch compareResult(ClosureLog log, Replay replay, Comparison comparison) {
    ResultKind appKind = log.resultKind();
    ResultKind valKind = replay.resultKind();
    if (appKind == ResultKind.THROWN || valKind == ResultKind.THROWN) {
      if (appKind != valKind) {
        return new Mismatch(
            MismatchKind.EXCEPTION,
            "one side threw",
            describeOutcome(valKind, replay.resultBits(), replay.resultRef(), log),
            describeOutcome(appKind, log.resultBits(), log.resultRef(), log));
      }
      Throwable a = (Throwable) log.resultRef();
      Throwable v = (Throwable) replay.resultRef();
      if (a.getClass() != v.getClass()
          || !sameMessage(a.getClass(), log.thrownMessage(), v.getClass(), v.getMessage())) {
        return new Mismatch(
            MismatchKind.EXCEPTION, "different exceptions", v.toString(), a.toString());
      }
      return null;
    }
    if (appKind != valKind) {
      return new Mismatch(MismatchKind.RESULT, "result kind", valKind.name(), appKind.name());
    }
    if (appKind == ResultKind.BITS && log.resultBits() != replay.resultBits()) {
      return new Mismatch(
          MismatchKind.RESULT,
          "return value",
          resultText(replay.resultBits(), log),
          resultText(log.resultBits(), log));
    }
    if (appKind == ResultKind.REF
        && (replay.resultRef() == null || replay.resultRef() != log.returnedArray())
        && !sameValue(log.resultRef(), replay.resultRef(), replay, comparison)) {
      return new Mismatch(
          MismatchKind.RESULT, "return value", valueText(replay.resultRef()), returnedText(log));
    }
    return null;
  }

  /** A primitive result as the closure's declared type shows it, with its bits. */
  private static String resultText(long bits, ClosureLog log) {
    Class<?> type = log.binding() == null ? null : log.binding().declaredReturnType();
    return type == null ? bitsText(bits) : primitiveText(bits, type);
  }

  /**
   * APP's result as a report shows it: of a byte array the log keeps as a {@link BytesDigest}, the
   * array itself while it still matches the digest (the caller has not changed it since), else the
   * digest.
   */
  private static String returnedText(ClosureLog log) {
    Object logged = log.resultRef();
    if (logged instanceof BytesDigest && ((BytesDigest) logged).matches(log.returnedArray())) {
      return valueText(log.returnedArray());
    }
    return valueText(logged);
  }

  /**
   * Whether two exceptions of one class carry the same message, as far as two faithful executions
   * can: compiled code may throw the JVM's own exceptions preallocated and without a message (the
   * fast-throw optimization, {@code -XX:+OmitStackTraceInFastThrow}, on by default), so one side's
   * {@code ArithmeticException} may say "/ by zero" and the other's nothing. For those classes, a
   * message on one side only is not a difference. APP's message is the one it had when APP threw
   * the exception ({@link ClosureLog#thrownMessage}).
   */
  static boolean sameMessage(Class<?> aClass, String aMessage, Class<?> vClass, String vMessage) {
    String x = comparableMessage(aClass, aMessage);
    String y = comparableMessage(vClass, vMessage);
    if (Objects.equals(x, y)) {
      return true;
    }
    return (x == null || y == null) && FAST_THROWN.contains(aClass);
  }

  /** The exceptions HotSpot's compiled code may throw without a message. */
  private static final Set<Class<?>> FAST_THROWN =
      Set.of(
          NullPointerException.class,
          ArithmeticException.class,
          ArrayIndexOutOfBoundsException.class,
          ArrayStoreException.class,
          ClassCastException.class);

  /**
   * An exception's message without what differs between two faithful executions: identity hashes
   * ({@code Item@1b6d3586}: VAL's objects are not APP's), the names of the classes the APP and VAL
   * variants each have their own copy of (a lambda's {@code Main$$Lambda$47/0x...}, an anonymous or
   * local class's {@code Main$3}: a {@code ClassCastException} names them), and the JDK's helpful
   * {@code NullPointerException} text, which names the variant's own methods and locals ({@code
   * getApp} against {@code getVal}). Where the exception was thrown is still compared: the loads,
   * stores and allocations made before it are.
   */
  static String comparableMessage(Class<?> type, String m) {
    if (m == null
        || (NullPointerException.class.isAssignableFrom(type) && m.startsWith("Cannot "))) {
      return null;
    }
    return withoutIdentityHashes(withoutVariantClassNames(m));
  }

  /**
   * {@code text} with the numbers javac and the JVM give lambda, anonymous and local classes
   * removed ({@code Main$$Lambda$47/0x0000...} becomes {@code Main$$Lambda}, {@code Main$3} becomes
   * {@code Main$N}): each variant of a closure has its own such classes.
   */
  static String withoutVariantClassNames(String text) {
    if (text.indexOf('$') < 0) {
      return text;
    }
    return NUMBERED_CLASS
        .matcher(LAMBDA_CLASS.matcher(text).replaceAll("\\$\\$Lambda"))
        .replaceAll("\\$N");
  }

  private static final Pattern LAMBDA_CLASS =
      Pattern.compile("\\$\\$Lambda(?:\\$\\d+)?(?:/0x[0-9a-f]+)?");

  /** {@code $3} right after a class name: an anonymous class, or the prefix of a local class's. */
  private static final Pattern NUMBERED_CLASS = Pattern.compile("(?<=[\\w$])\\$\\d+");

  /**
   * {@code text} with every identity hash removed ({@code Item@1b6d3586} becomes {@code Item@}):
   * the same object has another one in another execution or JVM (a replayed reproducer).
   */
  public static String withoutIdentityHashes(String text) {
    return text.indexOf('@') < 0 ? text : IDENTITY_HASH.matcher(text).replaceAll("$1@");
  }

  /**
   * {@link #withoutIdentityHashes} for text a closure computed: only where {@code Object.toString}
   * could have printed it, a class's name before the {@code @} (one with a package, one this JVM
   * can load, a hidden class's, an array's), so that a program's own {@code SKU4@611} keeps its
   * digits and a corruption of them is detected.
   */
  static String withoutObjectHashes(String text) {
    if (text.indexOf('@') < 0) {
      return text;
    }
    Matcher m = IDENTITY_HASH.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (m.find()) {
      String name = m.group(1);
      String kept = printedByObjectToString(text, m.start(1), name) ? name + "@" : m.group();
      m.appendReplacement(out, Matcher.quoteReplacement(kept));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static boolean printedByObjectToString(String text, int start, String name) {
    char before = start > 0 ? text.charAt(start - 1) : ' ';
    // A hidden class (a lambda: Main$$Lambda/0x...@hash), an array ([I@hash), a class in a package.
    if (before == '/' || before == '[' || name.indexOf('.') >= 0) {
      return true;
    }
    for (ClassLoader loader :
        new ClassLoader[] {
          Thread.currentThread().getContextClassLoader(), OutputComparator.class.getClassLoader()
        }) {
      try {
        Class.forName(name, false, loader);
        return true;
      } catch (ClassNotFoundException | LinkageError e) {
        // Not that loader's.
      }
    }
    return false;
  }

  /** {@code Object.toString}'s "class name @ hex identity hash". */
  private static final Pattern IDENTITY_HASH =
      Pattern.compile("([\\w$.]+)@[0-9a-f]{1,8}(?![0-9a-zA-Z])");

  private Mismatch compareVersion(
      int j, Version a, Version v, Replay replay, Comparison comparison) {
    if (a.getClass() != v.getClass()
        || !replay.standsFor(v.owner(), a.owner())
        || a.slot() != v.slot()) {
      return new Mismatch(
          MismatchKind.STORE,
          "target of store #" + j,
          Replay.describe(replay.appIdentity(v.owner())) + slotText(v),
          Replay.describe(a.owner()) + slotText(a));
    }
    app.reset();
    val.reset();
    a.fields(app);
    v.fields(val);
    if (app.size() != val.size()) {
      return new Mismatch(
          MismatchKind.STORE,
          "field count of store #" + j,
          String.valueOf(val.size()),
          String.valueOf(app.size()));
    }
    for (int f = 0; f < app.size(); f++) {
      boolean same =
          app.isRef(f)
              ? sameValue(app.ref(f), val.ref(f), replay, comparison)
              : app.bits(f) == val.bits(f);
      if (!same) {
        Field field = versionField(a, f, app.size());
        return new Mismatch(
            MismatchKind.STORE,
            "field "
                + (field == null ? String.valueOf(f) : field.getName())
                + " of store #"
                + j
                + " ("
                + ownerName(a)
                + ")",
            fieldText(val, f, field),
            fieldText(app, f, field));
      }
    }
    return null;
  }

  /**
   * The {@code f}-th of the {@code count} fields {@code version} reports, when its class declares
   * that many, in that order (generated versions do, a superclass's first); else null.
   */
  private static Field versionField(Version version, int f, int count) {
    List<Field> fields = VERSION_FIELDS.get(version.getClass());
    return fields.size() == count ? fields.get(f) : null;
  }

  /** A field's value; a {@code double} or {@code float} as the number, with its bits. */
  private static String fieldText(FieldRecorder values, int f, Field field) {
    if (field != null
        && !values.isRef(f)
        && (field.getType() == double.class || field.getType() == float.class)) {
      return primitiveText(values.bits(f), field.getType());
    }
    return values.text(f);
  }

  /**
   * Bits as the generated code records a value of {@code type}: a {@code double} or {@code float}
   * as the number, a {@code boolean} or {@code char} as itself, each with its bits; the others as
   * {@link #bitsText}.
   */
  static String primitiveText(long bits, Class<?> type) {
    if (type == double.class) {
      return Double.longBitsToDouble(bits) + " (0x" + Long.toHexString(bits) + ")";
    }
    if (type == float.class) {
      return Float.intBitsToFloat((int) bits) + " (0x" + Integer.toHexString((int) bits) + ")";
    }
    if (type == boolean.class) {
      return (bits != 0) + " (0x" + Long.toHexString(bits) + ")";
    }
    if (type == char.class) {
      return "'" + (char) bits + "' (0x" + Long.toHexString(bits) + ")";
    }
    return bitsText(bits);
  }

  /** The user-data class a version is of ({@code Item} for {@code Item.V}), else the version's. */
  private static String ownerName(Version version) {
    Class<?> outer = version.getClass().getEnclosingClass();
    return (outer != null ? outer : version.getClass()).getSimpleName();
  }

  /** A version class's instance fields below {@link Version}, a superclass's first. */
  private static final ClassValue<List<Field>> VERSION_FIELDS =
      new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
          List<Field> fields = new ArrayList<>();
          if (type.getSuperclass() != null && type.getSuperclass() != Version.class) {
            fields.addAll(get(type.getSuperclass()));
          }
          for (Field field : type.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers()) && !field.isSynthetic()) {
              fields.add(field);
            }
          }
          return List.copyOf(fields);
        }
      };

  /**
   * Value equality for outputs; floats by their bits with every NaN one value (decision 0060),
   * VAL's new objects mapped to APP's. Objects are compared as graphs ({@link Walk}): a structure
   * of any depth (a list of a million nodes the closure linked) and one with cycles (a doubly
   * linked list) are compared in full.
   */
  static boolean sameValue(Object a, Object v, Replay replay, Comparison comparison) {
    if (a == v) {
      return true;
    }
    Walk walk = new Walk(replay, comparison);
    return walk.settle(same(a, v, walk, 0));
  }

  private static boolean same(Object a, Object v, Walk walk, int depth) {
    if (a == v) {
      return true;
    }
    if (a == null || v == null) {
      return false;
    }
    if (a instanceof BytesDigest) {
      return ((BytesDigest) a).matches(v);
    }
    if (v instanceof VersionedObject<?> || v instanceof VersionedArray<?>) {
      return walk.replay != null && walk.replay.standsFor(v, a);
    }
    if (a.getClass() != v.getClass()) {
      // APP's and VAL's lambdas are instances of two classes (one per variant's lambda body).
      return a.getClass().isHidden()
          && v.getClass().isHidden()
          && Arrays.equals(a.getClass().getInterfaces(), v.getClass().getInterfaces())
          && walk.enter(a, v, depth);
    }
    if (a instanceof Double) {
      return Double.doubleToLongBits((Double) a) == Double.doubleToLongBits((Double) v);
    }
    if (a instanceof Float) {
      return Float.floatToIntBits((Float) a) == Float.floatToIntBits((Float) v);
    }
    if (a.getClass().isArray() && a.getClass().getComponentType().isPrimitive()) {
      return samePrimitives(a, v);
    }
    if (a instanceof String) {
      // Object.toString of an object the closure allocated names its identity hash, which VAL's
      // counterpart does not share (as in exception messages).
      return a.equals(v)
          || (((String) a).indexOf('@') >= 0
              && withoutObjectHashes((String) a).equals(withoutObjectHashes((String) v)));
    }
    if (isValueClass(a) && OWN_EQUALS.get(a.getClass())) {
      return a.equals(v);
    }
    return walk.enter(a, v, depth);
  }

  /**
   * Two objects {@link #same} compares by what they hold: arrays of references, lambdas,
   * containers, records and other objects.
   */
  private static boolean sameContents(Object a, Object v, Walk walk, int depth) {
    if (a.getClass() != v.getClass()) {
      return sameCaptures(a, v, walk, depth);
    }
    if (a.getClass().isArray()) {
      return sameElements((Object[]) a, (Object[]) v, walk, depth);
    }
    if (a instanceof Collection<?> || a instanceof Map<?, ?> || a instanceof Optional<?>) {
      return sameContainer(a, v, walk, depth);
    }
    if (walk.comparison == Comparison.RAW_BITS) {
      return sameFields(a, v, walk, depth);
    }
    // A record's equals compares an array component by identity and a user-data component by
    // handle (or by a user equals that reads the handle's newest version), none of which a
    // faithful re-execution reproduces: its components decide. So do the fields of an object
    // whose equals is Object's: VAL's new object is never APP's.
    if (a instanceof Record || !OWN_EQUALS.get(a.getClass())) {
      return sameFields(a, v, walk, depth);
    }
    // An own equals that says "different" is asked again of the fields, where reflection reads
    // them: two faithful executions give the same bits, which an equals may still call different
    // (a double field that is NaN, compared with ==).
    return a.equals(v)
        || (INSTANCE_FIELDS.get(a.getClass()) != null && sameFields(a, v, walk, depth));
  }

  /** The recursion depth at which a pair of objects is left for later ({@link Walk}). */
  private static final int MAX_DEPTH = 16;

  /** Containers whose elements are compared one by one beyond this size fall back to equals. */
  private static final int MAX_UNORDERED = 256;

  /**
   * One comparison of two object graphs, APP's and VAL's. A pair of objects met again while it is
   * being compared, or after it compared equal, is taken as equal: the graphs are compared as a
   * bisimulation, so a cycle ends where it closes. A pair met {@link #MAX_DEPTH} levels down is
   * compared later, from the top of the stack, so that a chain of any length costs no deeper
   * recursion than that.
   */
  private static final class Walk {
    final Replay replay;
    final Comparison comparison;

    /** Pairs being compared or found equal, APP's object to VAL's; made at the first pair. */
    private IdentityHashMap<Object, Object> entered;

    /** Pairs left for later in the current scope, or null while there is none. */
    private ArrayDeque<Object[]> deferred;

    Walk(Replay replay, Comparison comparison) {
      this.replay = replay;
      this.comparison = comparison;
    }

    /** Whether {@code a} and {@code v} hold the same ({@link #sameContents}), as seen so far. */
    boolean enter(Object a, Object v, int depth) {
      if (entered == null) {
        entered = new IdentityHashMap<>();
      } else if (entered.get(a) == v) {
        return true;
      }
      if (depth >= MAX_DEPTH) {
        if (deferred == null) {
          deferred = new ArrayDeque<>();
        }
        deferred.add(new Object[] {a, v});
        return true;
      }
      entered.put(a, v);
      if (sameContents(a, v, this, depth)) {
        return true;
      }
      if (entered.get(a) == v) {
        entered.remove(a);
      }
      return false;
    }

    /** {@code same}, the answer so far, made final: the pairs left for later are compared. */
    boolean settle(boolean same) {
      Object[] pair;
      while (same && deferred != null && (pair = deferred.poll()) != null) {
        same = enter(pair[0], pair[1], 0);
      }
      return same;
    }

    /**
     * {@code comparison}'s final answer ({@link #settle}), apart from the pairs the scope around it
     * left for later: a trial pairing of unordered elements needs one before the next trial.
     */
    boolean scoped(BooleanSupplier comparison) {
      ArrayDeque<Object[]> outer = deferred;
      deferred = null;
      try {
        return settle(comparison.getAsBoolean());
      } finally {
        deferred = outer;
      }
    }
  }

  /**
   * Collections, maps and optionals, element by element, for the same reason as records: their
   * equals compares arrays by identity and VAL's new objects are not APP's. Lists and other
   * collections in iteration order; sets and maps in iteration order, else (small ones) by matching
   * each of APP's elements with one of VAL's, since a hash order may follow identity hashes.
   */
  private static boolean sameContainer(Object a, Object v, Walk walk, int depth) {
    if (a instanceof Optional<?>) {
      Optional<?> x = (Optional<?>) a;
      Optional<?> y = (Optional<?>) v;
      return x.isPresent() == y.isPresent()
          && (x.isEmpty() || same(x.get(), y.get(), walk, depth + 1));
    }
    List<Object> x = new ArrayList<>();
    List<Object> y = new ArrayList<>();
    try {
      if (a instanceof Map<?, ?>) {
        ((Map<?, ?>) a).forEach((key, value) -> x.add(new Object[] {key, value}));
        ((Map<?, ?>) v).forEach((key, value) -> y.add(new Object[] {key, value}));
      } else {
        x.addAll((Collection<?>) a);
        y.addAll((Collection<?>) v);
      }
      // Only over plain values: the container's equals would call its elements' own, and one of a
      // user-data class (or reaching one) reads APP's live objects, which a validator is refused
      // (the execution would not be validated). Element by element, user data compares by its
      // logged versions.
      if (onlyValues(x, a instanceof Map<?, ?>) && a.equals(v)) {
        return true;
      }
    } catch (RuntimeException e) {
      return false; // changed while being read: not the same value
    }
    if (x.size() != y.size()) {
      return false;
    }
    if (a instanceof List<?> || x.size() > MAX_UNORDERED) {
      return sameElements(x.toArray(), y.toArray(), walk, depth);
    }
    // Tried in one order, then another: VAL's new objects are paired with APP's for the try only.
    return walk.replay == null
        ? sameUnordered(x, y, walk, depth)
        : walk.replay.tentatively(() -> sameUnordered(x, y, walk, depth));
  }

  /**
   * Whether a collection's elements, or a map's keys and values, are all strings, boxed primitives,
   * enum constants or nulls: values whose equals reads no user data.
   */
  private static boolean onlyValues(List<Object> elements, boolean entries) {
    for (Object e : elements) {
      if (entries
          ? !plainValue(((Object[]) e)[0]) || !plainValue(((Object[]) e)[1])
          : !plainValue(e)) {
        return false;
      }
    }
    return true;
  }

  private static boolean plainValue(Object o) {
    return o == null
        || isValueClass(o)
            && (!(o instanceof Number) || o.getClass().getName().startsWith("java."));
  }

  /**
   * The same elements in iteration order, else each of APP's matched with one of VAL's; each try is
   * settled in full before the next ({@link Walk#scoped}).
   */
  private static boolean sameUnordered(List<Object> x, List<Object> y, Walk walk, int depth) {
    if (walk.scoped(() -> sameElements(x.toArray(), y.toArray(), walk, depth))) {
      return true;
    }
    boolean[] matched = new boolean[y.size()];
    for (Object element : x) {
      int j = 0;
      while (j < y.size() && (matched[j] || !walk.scoped(trial(element, y.get(j), walk, depth)))) {
        j++;
      }
      if (j == y.size()) {
        return false;
      }
      matched[j] = true;
    }
    return true;
  }

  private static BooleanSupplier trial(Object a, Object v, Walk walk, int depth) {
    return () -> same(a, v, walk, depth + 1);
  }

  private static boolean samePrimitives(Object a, Object v) {
    if (a instanceof byte[]) {
      return Arrays.equals((byte[]) a, (byte[]) v);
    }
    if (a instanceof int[]) {
      return Arrays.equals((int[]) a, (int[]) v);
    }
    if (a instanceof long[]) {
      return Arrays.equals((long[]) a, (long[]) v);
    }
    if (a instanceof char[]) {
      return Arrays.equals((char[]) a, (char[]) v);
    }
    if (a instanceof short[]) {
      return Arrays.equals((short[]) a, (short[]) v);
    }
    if (a instanceof boolean[]) {
      return Arrays.equals((boolean[]) a, (boolean[]) v);
    }
    if (a instanceof double[]) {
      return Arrays.equals((double[]) a, (double[]) v); // by doubleToLongBits: NaNs are one value
    }
    return Arrays.equals((float[]) a, (float[]) v);
  }

  private static boolean sameElements(Object[] x, Object[] y, Walk walk, int depth) {
    if (x.length != y.length) {
      return false;
    }
    for (int i = 0; i < x.length; i++) {
      if (!same(x[i], y[i], walk, depth + 1)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isValueClass(Object o) {
    return o instanceof String
        || o instanceof Number
        || o instanceof Boolean
        || o instanceof Character
        || o instanceof Enum<?>;
  }

  /** Field by field, ignoring any equals override (RAW_BITS, and records' components). */
  private static boolean sameFields(Object a, Object v, Walk walk, int depth) {
    Field[] fields = INSTANCE_FIELDS.get(a.getClass());
    if (fields == null) {
      return sameState(a, v, walk, depth);
    }
    try {
      for (Field f : fields) {
        if (!same(f.get(a), f.get(v), walk, depth + 1)) {
          return false;
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      return sameState(a, v, walk, depth);
    }
    return true;
  }

  /**
   * Two objects of a class whose fields reflection cannot read (the JDK's, such as a {@code
   * StringBuilder} or an {@code AtomicLong} a closure made): by what they hold, as their own
   * accessors tell it. VAL's new object is never APP's, so their identity equals would report every
   * faithful execution. Other such classes by their {@code toString} without identity hashes.
   */
  private static boolean sameState(Object a, Object v, Walk walk, int depth) {
    if (a.equals(v)) {
      return true;
    }
    if (a.getClass() != v.getClass()) {
      return false;
    }
    if (a instanceof CharSequence x) {
      return CharSequence.compare(x, (CharSequence) v) == 0;
    }
    if (a instanceof Number x) {
      Number y = (Number) v;
      return x.longValue() == y.longValue()
          && Double.doubleToLongBits(x.doubleValue()) == Double.doubleToLongBits(y.doubleValue());
    }
    if (a instanceof AtomicBoolean x) {
      return x.get() == ((AtomicBoolean) v).get();
    }
    if (a instanceof AtomicReference<?> x) {
      return same(x.get(), ((AtomicReference<?>) v).get(), walk, depth + 1);
    }
    try {
      return withoutObjectHashes(String.valueOf(a)).equals(withoutObjectHashes(String.valueOf(v)));
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** Whether a class's equals is its own or a superclass's other than Object's. */
  private static final ClassValue<Boolean> OWN_EQUALS =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          try {
            return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
          } catch (NoSuchMethodException e) {
            return true;
          }
        }
      };

  /**
   * Two lambdas' captured values, field by field in the order of their names ({@code arg$1}, ...:
   * the same lambda of APP's and VAL's variant names its captures alike).
   */
  private static boolean sameCaptures(Object a, Object v, Walk walk, int depth) {
    Field[] x = byName(INSTANCE_FIELDS.get(a.getClass()));
    Field[] y = byName(INSTANCE_FIELDS.get(v.getClass()));
    if (x == null || y == null || x.length != y.length) {
      return false;
    }
    try {
      for (int i = 0; i < x.length; i++) {
        if (!x[i].getName().equals(y[i].getName())
            || !same(x[i].get(a), y[i].get(v), walk, depth + 1)) {
          return false;
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
    return true;
  }

  private static Field[] byName(Field[] fields) {
    if (fields == null) {
      return null;
    }
    Field[] sorted = fields.clone();
    Arrays.sort(sorted, Comparator.comparing(Field::getName));
    return sorted;
  }

  /**
   * A class's instance fields, its superclasses' included, made readable once per class; null when
   * one of them may not be read (a module boundary), and the object's equals decides.
   */
  private static final ClassValue<Field[]> INSTANCE_FIELDS =
      new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
          List<Field> fields = new ArrayList<>();
          for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
              if (Modifier.isStatic(f.getModifiers())) {
                continue;
              }
              try {
                f.setAccessible(true);
              } catch (RuntimeException e) {
                return null;
              }
              fields.add(f);
            }
          }
          return fields.toArray(new Field[0]);
        }
      };

  private static String describeOutcome(ResultKind kind, long bits, Object ref, ClosureLog log) {
    switch (kind) {
      case THROWN:
        return "threw " + ref;
      case BITS:
        return resultText(bits, log);
      case REF:
        return valueText(ref);
      default:
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  static String bitsText(long bits) {
    return bits + " (0x" + Long.toHexString(bits) + ")";
  }

  static String valueText(Object o) {
    if (o == null) {
      return "null";
    }
    if (o instanceof byte[]) {
      byte[] b = (byte[]) o;
      return "byte[" + b.length + "] " + Arrays.toString(b.length > 32 ? Arrays.copyOf(b, 32) : b);
    }
    if (o instanceof Object[]) {
      return Arrays.deepToString((Object[]) o);
    }
    if (o instanceof double[]) {
      return Arrays.toString((double[]) o);
    }
    if (o instanceof long[]) {
      return Arrays.toString((long[]) o);
    }
    if (o instanceof int[]) {
      return Arrays.toString((int[]) o);
    }
    if (o instanceof VersionedObject<?>) {
      return Replay.describe(o);
    }
    String s;
    try {
      s = String.valueOf(o);
    } catch (RuntimeException | Error e) {
      return o.getClass().getName() + " (its toString threw " + e + ")";
    }
    return s.length() > 200 ? s.substring(0, 200) + "..." : s;
  }

  private static String slotText(Version v) {
    return v.slot() >= 0 ? " slot " + v.slot() : "";
  }

  /** Collects one version's fields for comparison. */
  static final class FieldRecorder implements FieldSink {
    private final List<Object> refs = new ArrayList<>();
    private long[] bits = new long[8];
    private boolean[] isRef = new boolean[8];
    private int size;

    void reset() {
      refs.clear();
      size = 0;
    }

    @Override
    public void bits(long value) {
      grow();
      bits[size] = value;
      isRef[size] = false;
      refs.add(null);
      size++;
    }

    @Override
    public void ref(Object value) {
      grow();
      isRef[size] = true;
      refs.add(value);
      size++;
    }

    private void grow() {
      if (size == bits.length) {
        bits = Arrays.copyOf(bits, size * 2);
        isRef = Arrays.copyOf(isRef, size * 2);
      }
    }

    int size() {
      return size;
    }

    boolean isRef(int i) {
      return isRef[i];
    }

    long bits(int i) {
      return bits[i];
    }

    Object ref(int i) {
      return refs.get(i);
    }

    String text(int i) {
      return isRef[i] ? valueText(refs.get(i)) : bitsText(bits[i]);
    }
  }
}
