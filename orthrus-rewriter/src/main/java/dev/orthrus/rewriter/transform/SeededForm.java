package dev.orthrus.rewriter.transform;

import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkCall.Kind;
import java.util.List;
import java.util.TreeSet;

/**
 * How the APP and VAL variants give a call the JDK table marks {@link Handling#SEEDED} its seed:
 * one more argument, made from a seed APP draws and records and VAL replays. Keyed by the table
 * entry (its type and members), so a seeded entry this class does not know stops the rewriter with
 * an error instead of being left unseeded.
 */
enum SeededForm {
  /** {@code new Random()} becomes {@code new Random(seed)}: the generator's seeded constructor. */
  SEED("java.util.Random#<init>", "java.util.SplittableRandom#<init>") {
    @Override
    Expression argument(Expression seed) {
      return seed;
    }
  },
  /**
   * {@code Collections.shuffle(list)} becomes {@code Collections.shuffle(list, new Random(seed))}:
   * the overload that draws from the generator it is given.
   */
  SEEDED_RANDOM("java.util.Collections#shuffle") {
    @Override
    Expression argument(Expression seed) {
      return new ObjectCreationExpr(
          null, new ClassOrInterfaceType(null, "java.util.Random"), new NodeList<>(seed));
    }
  };

  private final List<String> entries;

  SeededForm(String... entries) {
    this.entries = List.of(entries);
  }

  /** The argument the seeded call gets, made from the recorded {@code seed} (a {@code long}). */
  abstract Expression argument(Expression seed);

  /**
   * The form of a seeded entry of the JDK table.
   *
   * @throws IllegalStateException when the rewriter has no form for the entry
   */
  static SeededForm of(JdkApi api) {
    String key = key(api);
    // The rewriter asks the table about constructors and static methods only (FactsCollector).
    if (api.handling() == Handling.SEEDED && !api.kinds().contains(Kind.INSTANCE)) {
      for (SeededForm form : values()) {
        if (form.entries.contains(key)) {
          return form;
        }
      }
    }
    throw new IllegalStateException(
        "the JDK table marks "
            + key
            + " "
            + api.kinds()
            + " seeded, and the rewriter has no seeded form for it (dev.orthrus.rewriter.transform"
            + ".SeededForm names the constructors and static methods it can give a seed)");
  }

  /** {@code java.util.Random#<init>}: the entry's type and member names. */
  private static String key(JdkApi api) {
    return api.type() + "#" + String.join("|", new TreeSet<>(api.names()));
  }
}
