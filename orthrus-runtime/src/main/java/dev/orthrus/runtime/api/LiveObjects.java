package dev.orthrus.runtime.api;

import java.io.Closeable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.nio.Buffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Calendar;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Objects outside the versions that change in place, found in the user data an execution read, when
 * its re-execution differed: a {@code List} field holding a view of a list the program keeps adding
 * to, a {@code CharSequence} field holding a {@code StringBuilder} it appends to (the rule {@code
 * orthrus.userdata.mutable-collection} refuses such JDK objects where the build sees them stored;
 * one that arrives through a constructor's parameter, or that an {@code Object} field holds, it
 * cannot see), an object of another module's class with fields that are not final, which the
 * application's calls change after the execution stored it. No version holds what such an object
 * held when the application read it: the validator reads it as it is now, and a difference is the
 * program's change, not the core's. Looked for only when the outputs differed, so it costs nothing
 * on the way of a validated execution (decision 0108).
 */
public final class LiveObjects {

  private LiveObjects() {}

  private static final String RUNTIME_PACKAGE = VersionedObject.class.getPackageName();

  /** Records, optionals and containers nested deeper than this are not looked into. */
  private static final int DEPTH = 4;

  /**
   * The first object that can change in place held by a field of the user data {@code log}'s
   * execution read or wrote (its receiver, user-data arguments, the objects of its loads and
   * stores, the values of the versions it loaded or made), described for a report; null when there
   * is none.
   */
  public static String firstIn(ClosureLog log) {
    List<Object> holders = new ArrayList<>();
    List<Version> versions = new ArrayList<>();
    holders.add(log.receiver());
    for (int i = 0; i < log.refArgCount(); i++) {
      holders.add(log.refArg(i));
    }
    for (int i = 0; i < log.loadCount(); i++) {
      versions.add(log.loaded(i));
    }
    for (int i = 0; i < log.createdCount(); i++) {
      versions.add(log.created(i));
    }
    for (Version v : versions) {
      if (v != null) {
        holders.add(v.owner());
      }
    }
    // Fields first, which have names; then what versions hold out of place.
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Object holder : holders) {
      if (holder instanceof VersionedObject<?> && seen.add(holder)) {
        for (Field f : FIELDS.get(holder.getClass())) {
          Object found = liveIn(read(f, holder), 0);
          if (found != null) {
            return f.getDeclaringClass().getName() + "." + f.getName() + " holds " + a(found);
          }
        }
      }
    }
    LiveValue value = new LiveValue();
    for (Version v : versions) {
      if (v != null) {
        v.fields(value);
        if (value.found != null) {
          return "a version of " + v.owner().getClass().getName() + " holds " + a(value.found);
        }
      }
    }
    return null;
  }

  private static Object read(Field f, Object holder) {
    try {
      return f.get(holder);
    } catch (IllegalAccessException | RuntimeException e) {
      return null;
    }
  }

  private static String a(Object value) {
    Class<?> type = value.getClass();
    return "a "
        + type.getName()
        + (type.getClassLoader() == null
            ? " (orthrus.userdata.mutable-collection)"
            : ", whose fields are not all final");
  }

  /** The first value of a version's fields that holds a live JDK object ({@link #liveIn}). */
  private static final class LiveValue implements FieldSink {
    Object found;

    @Override
    public void bits(long bits) {}

    @Override
    public void ref(Object v) {
      if (found == null) {
        found = liveIn(v, 0);
      }
    }
  }

  /**
   * {@code v} when it is a JDK object that can change in place, or an object of a class of the
   * program or a library (not user data) with an instance field that is not final; the first such
   * object it holds when it is a record, an optional or a collection of the JDK that never changes;
   * else null.
   */
  static Object liveIn(Object v, int depth) {
    if (v == null || depth > DEPTH || v instanceof VersionedObject<?> || v instanceof Version) {
      return null;
    }
    if (CallerValues.unchangeable(v) || v.getClass().isArray()) {
      // A primitive array is a value of its holder's version (its checksum covers it); an array of
      // references in user data is a VersionedArray, whose slots are versions of their own.
      return null;
    }
    Class<?> type = v.getClass();
    if (v instanceof Optional<?> o) {
      return o.isPresent() ? liveIn(o.get(), depth + 1) : null;
    }
    if (type.isRecord()) {
      return liveInRecord(v, depth);
    }
    if (type.isHidden()) {
      return null; // a lambda is not a container
    }
    if (type.getClassLoader() != null) {
      return MUTABLE_FIELDS.get(type) ? v : null;
    }
    if (neverChanges(type)) {
      Collection<?> elements =
          v instanceof Map<?, ?> m
              ? m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toList()
              : v instanceof Collection<?> c ? c : List.of();
      for (Object e : elements) {
        Object found = liveIn(e, depth + 1);
        if (found != null) {
          return found;
        }
      }
      return null;
    }
    boolean changes =
        v instanceof Collection<?>
            || v instanceof Map<?, ?>
            || v instanceof CharSequence
            || v instanceof Iterator<?>
            || v instanceof Appendable
            || v instanceof Readable
            || v instanceof Closeable
            || v instanceof Buffer
            || v instanceof Date
            || v instanceof Calendar
            || v instanceof BitSet
            || v instanceof java.util.zip.Checksum
            || v instanceof MessageDigest
            || type.getPackageName().equals("java.util.concurrent.atomic");
    return changes ? v : null;
  }

  /**
   * The JDK's collections that never change ({@code List.of}, {@code Collections.emptyList()},
   * {@code Collections.singletonMap(k, v)}): what they hold may.
   */
  private static boolean neverChanges(Class<?> type) {
    String name = type.getName();
    return name.startsWith("java.util.ImmutableCollections$")
        || name.startsWith("java.util.Collections$Empty")
        || name.startsWith("java.util.Collections$Singleton");
  }

  private static Object liveInRecord(Object record, int depth) {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      try {
        c.getAccessor().setAccessible(true);
        Object found = liveIn(c.getAccessor().invoke(record), depth + 1);
        if (found != null) {
          return found;
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null; // a record of a module that does not open it: not looked into
      }
    }
    return null;
  }

  /** Whether a class or one of its superclasses declares an instance field that is not final. */
  private static final ClassValue<Boolean> MUTABLE_FIELDS =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
              int modifiers = f.getModifiers();
              if (!Modifier.isStatic(modifiers) && !Modifier.isFinal(modifiers)) {
                return true;
              }
            }
          }
          return false;
        }
      };

  /**
   * A user-data class's instance fields, its superclasses' too, up to the runtime's own classes;
   * those that cannot be made accessible are left out.
   */
  private static final ClassValue<Field[]> FIELDS =
      new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
          List<Field> fields = new ArrayList<>();
          for (Class<?> c = type;
              c != null && c != Object.class && !c.getPackageName().equals(RUNTIME_PACKAGE);
              c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
              if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                continue;
              }
              try {
                f.setAccessible(true);
                fields.add(f);
              } catch (RuntimeException e) {
                // a class of a module that does not open its package
              }
            }
          }
          return fields.toArray(Field[]::new);
        }
      };
}
