package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Mockito stubs that only the current thread sees: {@code mockStatic(Util.class)} and {@code
 * mockConstruction(Gateway.class)} change what {@code Util}'s static methods answer and what {@code
 * new Gateway()} makes on the thread that opened them, until they are closed. A validator on
 * another thread would run the real ones and report the difference as a detection; an execution
 * logged while such a stub was open is not validated instead ({@link ClosureLog#threadMocks}).
 *
 * <p>Mockito offers no question for "which stubs does this thread have open"; its inline mock maker
 * keeps them in two thread-local maps, {@code mockedStatics} and {@code mockedConstruction}, which
 * this class reads (Mockito 3.4 to 5). Where it cannot (another mock maker, Mockito on the module
 * path, a version that renamed them), or where no inline mock maker runs (the subclass mock maker
 * stubs neither), {@link #open} answers null.
 */
final class ThreadMocks {

  private ThreadMocks() {}

  private static final ClassLoader LOADER = ThreadMocks.class.getClassLoader();

  /** Where Mockito's inline mock maker lives: a class of it is loaded once a test mocks with it. */
  private static final String MAKER_PACKAGE = "org.mockito.internal.creation.bytebuddy";

  /**
   * The two maps' {@code get()} for the current thread; null until the mock maker is in use, and
   * for ever where they cannot be read ({@link #unreadable}).
   */
  private static volatile MethodHandle[] handles;

  private static volatile boolean unreadable;

  /**
   * The classes whose static methods or constructors Mockito stubs on the current thread, such as
   * {@code "shop.Util (mockStatic)"}, or null when there are none or they cannot be read. Until a
   * test has used the inline mock maker, no such stub can be open, and the maker is not started
   * here (it attaches an agent to the JVM).
   */
  static String open() {
    MethodHandle[] open = handles;
    if (open == null) {
      if (unreadable || LOADER.getDefinedPackage(MAKER_PACKAGE) == null) {
        return null;
      }
      open = resolve();
      if (open == null) {
        return null;
      }
    }
    List<String> names = null;
    for (int i = 0; i < open.length; i++) {
      Map<?, ?> stubbed;
      try {
        stubbed = (Map<?, ?>) open[i].invokeExact();
      } catch (Throwable e) {
        return null;
      }
      if (stubbed == null || stubbed.isEmpty()) {
        continue;
      }
      if (names == null) {
        names = new ArrayList<>();
      }
      String how = i == 0 ? " (mockStatic)" : " (mockConstruction)";
      for (Object type : stubbed.keySet()) {
        names.add((type instanceof Class<?> c ? c.getName() : String.valueOf(type)) + how);
      }
    }
    return names == null ? null : String.join(", ", names);
  }

  private static synchronized MethodHandle[] resolve() {
    if (handles == null && !unreadable) {
      handles = handles();
      unreadable = handles == null;
    }
    return handles;
  }

  private static MethodHandle[] handles() {
    try {
      Class<?> plugins =
          Class.forName("org.mockito.internal.configuration.plugins.Plugins", true, LOADER);
      Object maker = plugins.getMethod("getMockMaker").invoke(null);
      Object delegate = field(maker, "inlineDelegateByteBuddyMockMaker");
      MethodHandle[] open = new MethodHandle[2];
      String[] names = {"mockedStatics", "mockedConstruction"};
      for (int i = 0; i < names.length; i++) {
        Object local = field(delegate, names[i]);
        MethodHandle get =
            MethodHandles.publicLookup()
                .findVirtual(local.getClass(), "get", MethodType.methodType(Object.class))
                .bindTo(local);
        open[i] = get.asType(MethodType.methodType(Map.class));
      }
      return open;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null;
    }
  }

  private static Object field(Object owner, String name) throws ReflectiveOperationException {
    Field f = owner.getClass().getDeclaredField(name);
    f.setAccessible(true);
    Object value = f.get(owner);
    if (value == null) {
      throw new NoSuchFieldException(name + " is null");
    }
    return value;
  }
}
