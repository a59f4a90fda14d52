package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * For the APP and VAL variants of a method a subclass can override: whether the method an object's
 * class runs is the declaring class's or an override the rewriter instrumented (both have
 * variants), or an override without variants (in a class outside the instrumented sources, a proxy,
 * one that reads no user data), whose plain method the variant then calls instead of its own body
 * (decision 0047). A virtual call reaches an instrumented override's own variant; the declaring
 * class's variant runs for such an override only through {@code super}.
 *
 * <p>Generated code keeps one {@link ClassValue} per such method in a static field: the answer is
 * computed once per class, by reflection, and read with one lookup per logged call.
 */
public final class Overrides {

  /** What the rewriter appends to a method's name for its APP variant. */
  private static final String APP_VARIANT = "App";

  private Overrides() {}

  /**
   * Whether classes run {@code declaring}'s {@code name(parameters)} or an instrumented override of
   * it: a {@code ClassValue} that answers false for a class whose nearest declaration of the method
   * (in a superclass, or in an interface below {@code declaring}) has no variants.
   */
  public static ClassValue<Boolean> instrumented(
      Class<?> declaring, String name, Class<?>... parameters) {
    Class<?>[] types = parameters.clone();
    return new ClassValue<>() {
      @Override
      protected Boolean computeValue(Class<?> type) {
        Class<?> runs = declarer(type, declaring, name, types);
        return runs == declaring || declaresVariant(runs, name);
      }
    };
  }

  /**
   * For a closure's dispatcher: whether classes run an override of {@code declaring}'s {@code
   * name(parameters)} that is not a closure itself (it declares no dispatcher taking a {@link
   * CallSite}): an override without {@code @Closure}, or one outside the instrumented sources. The
   * dispatcher then runs that override, as the virtual call it replaced would have.
   */
  public static ClassValue<Boolean> uninstrumentedOverride(
      Class<?> declaring, String name, Class<?>... parameters) {
    Class<?>[] types = parameters.clone();
    Class<?>[] dispatcher = Arrays.copyOf(types, types.length + 1);
    dispatcher[types.length] = CallSite.class;
    return new ClassValue<>() {
      @Override
      protected Boolean computeValue(Class<?> type) {
        Class<?> runs = declarer(type, declaring, name, types);
        return runs != declaring && declared(runs, name, dispatcher) == null;
      }
    };
  }

  /** Calls of closures that ran an override that is not a closure: unlogged, never validated. */
  private static final LongAdder ROUTED = new LongAdder();

  /** Per thread, the objects whose override a dispatcher is running now. */
  private static final ThreadLocal<ArrayList<Object>> ROUTING =
      ThreadLocal.withInitial(ArrayList::new);

  /**
   * A dispatcher is about to run {@code receiver}'s override: false when it already is, on this
   * thread (the override called {@code super.m(...)} from code the rewriter did not see), so that
   * the dispatcher runs its own class's body rather than the override again.
   */
  public static boolean enter(Object receiver) {
    ArrayList<Object> routing = ROUTING.get();
    for (int i = routing.size() - 1; i >= 0; i--) {
      if (routing.get(i) == receiver) {
        return false;
      }
    }
    // A program whose closure calls all run such overrides never asks for the runtime otherwise:
    // its exit summary, which counts these calls, starts with it. Before the receiver is noted, so
    // that a runtime that fails to start leaves nothing behind.
    Orthrus.runtime();
    routing.add(receiver);
    ROUTED.increment();
    return true;
  }

  /**
   * An abstract closure's dispatcher (an interface's default one) ran: the implementation is not a
   * closure (not annotated, or a class the rewriter never saw, such as a plugin loaded by {@code
   * ServiceLoader}), and the call runs it unlogged. Counted with the calls {@link #enter} hands to
   * such overrides.
   */
  public static void implementationNotAClosure() {
    Orthrus.runtime();
    ROUTED.increment();
  }

  /**
   * How many calls of closures, since the JVM started, a dispatcher handed to an override that is
   * not a closure ({@code orthrus.closure.unannotated-override}): they ran unlogged and were never
   * validated. The exit summary reports them.
   */
  public static long routedCount() {
    return ROUTED.sum();
  }

  /** Ends what {@link #enter} began. */
  public static void exit(Object receiver) {
    ArrayList<Object> routing = ROUTING.get();
    for (int i = routing.size() - 1; i >= 0; i--) {
      if (routing.get(i) == receiver) {
        routing.remove(i);
        return;
      }
    }
  }

  /**
   * Whether Mockito is on the runtime's class path (tests): only then can the object of an instance
   * closure be a mock or a spy, which a closure's logged execution first asks ({@link
   * #intercepted}). A constant, so that a program without Mockito pays nothing for the question.
   */
  public static final boolean MOCKITO = visible(Overrides.class.getClassLoader());

  private static final String MOCKITO_CLASS = "org.mockito.Mockito";

  /** Whether {@code loader} sees Mockito. */
  private static boolean visible(ClassLoader loader) {
    try {
      Class.forName(MOCKITO_CLASS, false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * Whether something other than {@code object}'s own methods answers its calls, the generated
   * variants' included: a {@link Proxy}'s handler, or a Mockito mock or spy, which answers a
   * variant nobody stubbed with 0, null or false. A closure's call of a method a subclass may
   * override then calls the object's plain method, which answers as the test stubbed it, as it
   * would an implementation out of the rewriter's sight (decision 0100). False for null, whose call
   * then throws as the plain one would.
   */
  public static boolean intercepted(Object object) {
    if (object == null) {
      return false;
    }
    Object how = INTERCEPTION.get(object.getClass());
    if (how instanceof Boolean always) {
      return always;
    }
    try {
      return (boolean) ((MethodHandle) how).invokeExact(object);
    } catch (Throwable e) {
      return false; // Mockito's own check failed: take the object at its word
    }
  }

  /**
   * Per class: true for a proxy class, a handle of Mockito's {@code mockingDetails(o).isMock()}
   * where the class's loader sees Mockito (an inline mock keeps its class, so only the object can
   * tell), else false.
   */
  private static final ClassValue<Object> INTERCEPTION =
      new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
          if (Proxy.isProxyClass(type)) {
            return true;
          }
          ClassLoader loader = type.getClassLoader();
          if (loader == null) {
            return false;
          }
          try {
            Class<?> mockito = Class.forName(MOCKITO_CLASS, false, loader);
            Class<?> details = Class.forName("org.mockito.MockingDetails", false, loader);
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle of =
                lookup.findStatic(
                    mockito, "mockingDetails", MethodType.methodType(details, Object.class));
            MethodHandle isMock =
                lookup.findVirtual(details, "isMock", MethodType.methodType(boolean.class));
            return MethodHandles.filterReturnValue(of, isMock);
          } catch (ReflectiveOperationException | LinkageError e) {
            return false;
          }
        }
      };

  /** The class or interface whose declaration of the method {@code type} runs. */
  static Class<?> declarer(Class<?> type, Class<?> declaring, String name, Class<?>[] parameters) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      Method m = declared(c, name, parameters);
      if (m != null && !Modifier.isAbstract(m.getModifiers())) {
        return c;
      }
    }
    // No class declares it: an interface's default method, the declaring interface's unless an
    // interface below it declares the method again.
    for (Class<?> i : interfacesOf(type)) {
      if (i != declaring
          && declaring.isAssignableFrom(i)
          && declared(i, name, parameters) != null) {
        return i;
      }
    }
    return declaring;
  }

  private static boolean declaresVariant(Class<?> c, String name) {
    for (Method m : c.getDeclaredMethods()) {
      if (m.getName().equals(name + APP_VARIANT)
          && m.getParameterCount() > 0
          && m.getParameterTypes()[0] == ClosureLog.class) {
        return true;
      }
    }
    return false;
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
