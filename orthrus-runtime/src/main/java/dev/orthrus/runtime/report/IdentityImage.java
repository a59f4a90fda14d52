package dev.orthrus.runtime.report;

import dev.orthrus.runtime.api.InPlaceObject;
import dev.orthrus.runtime.api.VersionedArray;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * A user-data object or array as a reproducer file carries it: its class and its final fields,
 * never the fields it holds in place or an array's slots. Those are the program's live data; VAL
 * reads what the closure read from the logged versions, and the object only has to be the same
 * object wherever the log names it (Java serialization writes one image per object). So a file
 * holds the logged versions, not the data structure the object links to, while the program's own
 * serialization of its user data (a checkpoint, a JSON library) sees every field, as in the vanilla
 * classes (decision 0085).
 */
final class IdentityImage implements Serializable {

  @Serial private static final long serialVersionUID = 1L;

  /** The field of {@link VersionedArray} that holds its slots. */
  private static final String ARRAY_SLOTS = "values";

  final String type;
  final String[] declaring;
  final String[] names;
  final Object[] values;

  private IdentityImage(String type, String[] declaring, String[] names, Object[] values) {
    this.type = type;
    this.declaring = declaring;
    this.names = names;
    this.values = values;
  }

  /** True for the objects a reproducer writes as an image. */
  static boolean applies(Object obj) {
    return obj instanceof InPlaceObject<?> || obj instanceof VersionedArray<?>;
  }

  static IdentityImage of(Object obj) throws NotSerializableException {
    List<Field> kept = keptFields(obj.getClass());
    String[] declaring = new String[kept.size()];
    String[] names = new String[kept.size()];
    Object[] values = new Object[kept.size()];
    try {
      for (int i = 0; i < kept.size(); i++) {
        Field f = kept.get(i);
        f.setAccessible(true);
        declaring[i] = f.getDeclaringClass().getName();
        names[i] = f.getName();
        values[i] = f.get(obj);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new NotSerializableException(
          obj.getClass().getName() + " (user data whose final fields cannot be read: " + e + ")");
    }
    return new IdentityImage(obj.getClass().getName(), declaring, names, values);
  }

  /**
   * An object of {@code c} (a class the reader trusts) made without a constructor, with the image's
   * final fields; its fields in place keep their default values.
   */
  Object rebuild(Class<?> c) throws InvalidClassException {
    if (!InPlaceObject.class.isAssignableFrom(c) && c != VersionedArray.class) {
      throw new InvalidClassException(type, "not user data");
    }
    try {
      Object obj = Allocation.instanceOf(c);
      for (int i = 0; i < names.length; i++) {
        Field f = field(c, declaring[i], names[i]);
        f.setAccessible(true);
        f.set(obj, values[i]);
      }
      return obj;
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new InvalidClassException(type, "cannot rebuild the user data: " + e);
    }
  }

  /** The final instance fields a file keeps: those of the program's classes and an array's size. */
  private static List<Field> keptFields(Class<?> c) {
    List<Field> kept = new ArrayList<>();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      if (k.getName().startsWith("dev.orthrus.runtime.") && k != VersionedArray.class) {
        continue;
      }
      for (Field f : k.getDeclaredFields()) {
        int m = f.getModifiers();
        if (Modifier.isStatic(m) || Modifier.isTransient(m) || !Modifier.isFinal(m)) {
          continue;
        }
        if (k == VersionedArray.class && f.getName().equals(ARRAY_SLOTS)) {
          continue;
        }
        kept.add(f);
      }
    }
    return kept;
  }

  private static Field field(Class<?> c, String declaring, String name)
      throws NoSuchFieldException {
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      if (k.getName().equals(declaring)) {
        return k.getDeclaredField(name);
      }
    }
    throw new NoSuchFieldException(declaring + "." + name);
  }

  /** Objects made without running a constructor, as deserialization makes them. */
  private static final class Allocation {
    private static final sun.misc.Unsafe UNSAFE = unsafe();

    private static sun.misc.Unsafe unsafe() {
      try {
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return (sun.misc.Unsafe) f.get(null);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    static Object instanceOf(Class<?> c) throws InstantiationException {
      return UNSAFE.allocateInstance(c);
    }
  }
}
