package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.Orthrus;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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
    assertTrue(savings.contains("extendFirstStore();"), savings);
    String bonus = Builds.generated(out, "bank/Bonus.java");
    assertTrue(bonus.contains("final class V extends bank.Savings.V"), bonus);
    // Account, Savings and Bonus each declare a private ops: the subclasses' are renamed.
    assertTrue(savings.contains("private int ops$Savings;"), savings);
    assertTrue(bonus.contains("this.plus$ops$Bonus(log, bonus);"), bonus);
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
  void nodeKindsHoldTheirReferencesInSlotsAfterTheirSuperclasses(@TempDir Path out)
      throws Exception {
    Builds.instrument(SOURCES, out);
    String wide = Builds.generated(out, "tree/Wide.java");
    assertTrue(wide.contains("static final int SLOT_MIDDLE = 2;"), wide);
    assertTrue(wide.contains("return super.lvValue(i);"), wide);
    String tagged = Builds.generated(out, "tree/Tagged.java");
    assertTrue(tagged.contains("class V extends tree.Node.V"), tagged);
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("tree.Forest").getMethod("run", int.class).invoke(null, 300),
        300 * 2);
  }

  /**
   * A root whose only mutable field is a reference to user data has an empty version, which its
   * subclasses' versions extend (the build refused such subclasses with fields of their own).
   */
  @Test
  void subclassesWithFieldsBelowARootThatHoldsOnlyReferences(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("links.Chains").getMethod("run", int.class).invoke(null, 300),
        300 * 4);
    String counted = Builds.generated(out, "links/Counted.java");
    assertTrue(counted.contains("class V extends links.Link.V"), counted);
  }

  /**
   * A faulty core in a subclass's closure: the APP variant of {@code Savings.payInterest} is edited
   * to add a flipped bit to the subclass's own field. Run on a third-level object, the validator's
   * re-execution disagrees, and the reproducer, whose versions are the subclasses', replays to the
   * validator's result.
   */
  @Test
  void aWrongStoreToASubclassFieldIsDetectedAndItsReproducerReplays(@TempDir Path out)
      throws Exception {
    Path faulty =
        Builds.recompiledWith(
            Builds.instrument(SOURCES, out),
            out,
            "bank/Savings.java",
            "long payInterestApp(",
            "this.plus$interestPaid(log, interest);",
            "this.plus$interestPaid(log, interest ^ 4);");

    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"));
    try (URLClassLoader loader = Builds.loader(faulty)) {
      Object bonus =
          loader
              .loadClass("bank.Bonus")
              .getConstructor(String.class, long.class)
              .newInstance("b", 90_000L);
      loader.loadClass("bank.Savings").getMethod("payInterest").invoke(bonus);
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(1, found.size(), found::toString);
      Detection d = found.get(0);
      assertEquals("payInterest", d.closureName());
      Builds.assertReplaysToValidator(d, loader);
    } finally {
      rt.close();
    }
  }

  /**
   * Fields named as generated code names its own things (a field {@code V}, {@code checksum},
   * {@code next}, {@code from}, {@code h}, {@code n}, {@code value}) at every level: an outside
   * test found a hook's parameter clashing with an inherited field, and a field {@code V} obscuring
   * the version class.
   */
  @Test
  void fieldsNamedAsGeneratedCodeNamesItsOwnThingsAtEveryLevel(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("names.Run").getMethod("run", int.class).invoke(null, 200),
        200 * 6);
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
