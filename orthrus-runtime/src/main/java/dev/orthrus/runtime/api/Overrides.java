package dev.orthrus.runtime.api;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * For the APP and VAL variants of a method a subclass can override: whether an object's class runs
 * the method as its declaring class wrote it, or an override the rewriter did not see (in a class
 * outside the instrumented sources, a local or an anonymous class), whose plain method the variant
 * then calls instead of its own body (decision 0047). An override the rewriter saw overrides the
 * variants themselves, so a variant never asks for it.
 *
 * <p>Generated code keeps one {@link ClassValue} per such method in a static field: the answer is
 * computed once per class, by reflection, and read with one lookup per logged call.
 */
public final class Overrides {

  private Overrides() {}

  /**
   * Whether classes run {@code declaring}'s own {@code name(parameters)}: a {@code ClassValue} that
   * answers false for a class (or one of its superclasses or interfaces below {@code declaring})
   * that declares the method again.
   */
  public static ClassValue<Boolean> runsOwn(
      Class<?> declaring, String name, Class<?>... parameters) {
    Class<?>[] types = parameters.clone();
    return new ClassValue<>() {
      @Override
      protected Boolean computeValue(Class<?> type) {
        return runsOwn(type, declaring, name, types);
      }
    };
  }

  static boolean runsOwn(Class<?> type, Class<?> declaring, String name, Class<?>[] parameters) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      Method m = declared(c, name, parameters);
      if (m != null && !Modifier.isAbstract(m.getModifiers())) {
        return c == declaring;
      }
      if (c == declaring) {
        return true;
      }
    }
    // No class declares it: an interface's default method, the declaring interface's unless an
    // interface below it declares the method again.
    for (Class<?> i : interfacesOf(type)) {
      if (i != declaring
          && declaring.isAssignableFrom(i)
          && declared(i, name, parameters) != null) {
        return false;
      }
    }
    return declaring.isInterface();
  }

  /** The instance method {@code c} itself declares with that name and those parameters, or null. */
  private static Method declared(Class<?> c, String name, Class<?>[] parameters) {
    for (Method m : c.getDeclaredMethods()) {
      if (m.getName().equals(name)
          && !Modifier.isStatic(m.getModifiers())
          && Arrays.equals(m.getParameterTypes(), parameters)) {
        return m;
      }
    }
    return null;
  }

  private static Set<Class<?>> interfacesOf(Class<?> type) {
    Set<Class<?>> found = new HashSet<>();
    Deque<Class<?>> work = new ArrayDeque<>();
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      work.addAll(Arrays.asList(c.getInterfaces()));
    }
    while (!work.isEmpty()) {
      Class<?> i = work.pop();
      if (found.add(i)) {
        work.addAll(Arrays.asList(i.getInterfaces()));
      }
    }
    return found;
  }
}
