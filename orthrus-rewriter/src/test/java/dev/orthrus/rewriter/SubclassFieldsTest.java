package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.Orthrus;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decision 0072: user-data subclasses with mutable fields of their own ({@code
 * src/test/resources/subclass-fields}: an account root, a savings subclass with an array among its
 * fields, a third level with a double, and a subclass without fields). Each version class extends
 * its superclass's; the root makes its versions and checksums through hooks the subclasses
 * override, so that an inherited field's store keeps the subclass's fields and every checksum
 * covers all of them.
 */
class SubclassFieldsTest {

  private static final Path SOURCES = Path.of("src/test/resources/subclass-fields");

  @Test
  void aSubclassVersionExtendsItsSuperclassVersion(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String savings = Builds.generated(out, "bank/Savings.java");
    assertTrue(savings.contains("class V extends bank.Account.V"), savings);
    assertTrue(savings.contains("extendFirstStore(checksumInPlace$())"), savings);
    String bonus = Builds.generated(out, "bank/Bonus.java");
    assertTrue(bonus.contains("final class V extends bank.Savings.V"), bonus);
  }

  @Test
  void accountsOfEveryLevelComputeWhatVanillaDoesWithoutDetections(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("bank.Driver").getMethod("run", int.class).invoke(null, 400),
        400 * 2);
  }

  @Test
  void theChecksumCoversTheFieldsOfEveryLevel(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    Orthrus.install(Orthrus.validationOff());
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> savings = loader.loadClass("bank.Savings");
      Class<?> bonus = loader.loadClass("bank.Bonus");
      Method paidBy = savings.getMethod("paidBy", savings, savings);
      Method payInterest = savings.getMethod("payInterest");
      Object a =
          savings
              .getConstructor(String.class, long.class, int.class)
              .newInstance("a", 500_000L, 300);
      Object b = bonus.getConstructor(String.class, long.class).newInstance("b", 900_000L);
      payInterest.invoke(a);
      payInterest.invoke(b);
      assertEquals(paidBy.invoke(null, a, b), paidBy.invoke(null, a, b));
      // A flipped bit in a field of the subclass, then in one of the root, behind the runtime's
      // back.
      flip(savings.getDeclaredField("interestPaid"), a);
      assertCaught(paidBy, a, b);
      flip(savings.getDeclaredField("interestPaid"), a);
      assertEquals(paidBy.invoke(null, a, b), paidBy.invoke(null, a, b));
      flip(loader.loadClass("bank.Account").getDeclaredField("balance"), b);
      assertCaught(paidBy, a, b);
    }
  }

  private static void flip(Field f, Object o) throws IllegalAccessException {
    f.setAccessible(true);
    f.setLong(o, f.getLong(o) ^ (1L << 9));
  }

  private static void assertCaught(Method closure, Object a, Object b) {
    InvocationTargetException e =
        assertThrows(InvocationTargetException.class, () -> closure.invoke(null, a, b));
    assertInstanceOf(ChecksumMismatchException.class, e.getCause());
  }
}
