package dev.orthrus.rewriter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lambdas and method references that touch user data, kept in a local that only calls use ({@code
 * src/test/resources/kept-functions}): a {@code Runnable} run several times and from a lambda
 * passed to a call, a {@code Comparator} given to a sort after {@code reversed()}, a method
 * reference and a {@code LongUnaryOperator} applied in a loop, functions chosen by a conditional or
 * a switch, a closure's method reference in {@code comparingLong(Acc::score).reversed()}, in plain
 * code too. The protected build computes what the vanilla one does and every execution validates.
 */
class KeptFunctionsTest {

  private static final Path SOURCES = Path.of("src/test/resources/kept-functions");

  @Test
  void functionsKeptForCallsValidate(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, KeptFunctionsTest::run, 2 * 200 + 4 * 200);
  }

  private static Object run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> ledgerType = loader.loadClass("kept.Ledger");
    Object ledger = ledgerType.getConstructor().newInstance();
    var bump = ledgerType.getMethod("bump", int.class);
    var ranked = ledgerType.getMethod("ranked", long.class);
    var plainRanked = ledgerType.getMethod("plainRanked");
    List<Object> seen = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      seen.add(bump.invoke(ledger, i % 3));
      seen.add(ranked.invoke(ledger, i % 4 - 1));
      seen.add(plainRanked.invoke(ledger));
    }
    return seen;
  }
}
