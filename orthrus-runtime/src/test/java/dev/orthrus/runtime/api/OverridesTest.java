package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/**
 * Which classes run an overridable method as its declaring class or interface wrote it, or an
 * override with variants, and which an override without.
 */
class OverridesTest {

  static class Base {
    long price(String s) {
      return 1;
    }
  }

  static class Inherits extends Base {}

  static class Repriced extends Base {
    @Override
    long price(String s) {
      return 2;
    }
  }

  static class BelowAnOverride extends Repriced {}

  /** An override the rewriter instrumented: it has an APP variant. */
  static class Instrumented extends Base {
    @Override
    long price(String s) {
      return 5;
    }

    long priceApp(ClosureLog log, String s) {
      return 5;
    }
  }

  static class BelowInstrumented extends Instrumented {}

  static class Overloads extends Base {
    long price(Object o) {
      return 3;
    }
  }

  interface Shape {
    long area();

    default long doubled() {
      return area() * 2;
    }
  }

  interface Square extends Shape {
    @Override
    default long doubled() {
      return 4;
    }
  }

  record Plain(long area) implements Shape {}

  record Own(long area) implements Square {}

  record Overriding(long area) implements Shape {
    @Override
    public long doubled() {
      return 0;
    }
  }

  @Test
  void aClassMethodIsItsOwnUntilASubclassDeclaresItAgain() {
    ClassValue<Boolean> own = Overrides.instrumented(Base.class, "price", String.class);
    assertTrue(own.get(Base.class));
    assertTrue(own.get(Inherits.class));
    assertTrue(own.get(Overloads.class), "an overload is another method");
    assertFalse(own.get(Repriced.class));
    assertFalse(own.get(BelowAnOverride.class));
    assertTrue(own.get(Instrumented.class), "its variants run");
    assertTrue(own.get(BelowInstrumented.class));
  }

  @Test
  void aDefaultMethodIsItsOwnUntilAClassOrAnInterfaceBelowDeclaresItAgain() {
    ClassValue<Boolean> own = Overrides.instrumented(Shape.class, "doubled");
    assertTrue(own.get(Plain.class));
    assertFalse(own.get(Own.class), "a sub-interface's default");
    assertFalse(own.get(Overriding.class));
    Object proxy =
        Proxy.newProxyInstance(
            getClass().getClassLoader(), new Class<?>[] {Shape.class}, (p, m, a) -> 0L);
    assertFalse(own.get(proxy.getClass()), "a proxy declares every method");
  }
}
