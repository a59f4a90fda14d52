package dev.orthrus.rewriter.transform;

import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithArguments;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkCall.Kind;
import java.util.List;
import java.util.TreeSet;

/**
 * How the APP and VAL variants give a call the JDK table marks {@link Handling#SEEDED} what it
 * would take from its environment: APP reads it ({@link #read()}: a seed it draws, the default
 * locale) and records it, VAL replays it, and both make the call with it ({@link #seeded}). Keyed
 * by the table entry (its type and members), so a seeded entry this class does not know stops the
 * rewriter with an error instead of being left unseeded.
 */
enum SeededForm {
  /** {@code new Random()} becomes {@code new Random(seed)}: the generator's seeded constructor. */
  SEED("java.util.Random#<init>", "java.util.SplittableRandom#<init>") {
    @Override
    Expression seeded(Expression call, Expression seed) {
      return withArgument(call, seed);
    }
  },
  /**
   * {@code Collections.shuffle(list)} becomes {@code Collections.shuffle(list, new Random(seed))}:
   * the overload that draws from the generator it is given.
   */
  SEEDED_RANDOM("java.util.Collections#shuffle") {
    @Override
    Expression seeded(Expression call, Expression seed) {
      return withArgument(
          call,
          new ObjectCreationExpr(
              null, new ClassOrInterfaceType(null, "java.util.Random"), new NodeList<>(seed)));
    }
  },
  /**
   * {@code new Scanner(text)} becomes {@code new Scanner(text).useLocale(locale)}: a scanner parses
   * numbers in the default locale it found when made, which the program may change before a
   * validator runs.
   */
  FORMAT_LOCALE("java.util.Scanner#<init>") {
    @Override
    Expression read() {
      return new MethodCallExpr(
          new NameExpr("java.util.Locale"),
          "getDefault",
          new NodeList<>(new FieldAccessExpr(new NameExpr("java.util.Locale.Category"), "FORMAT")));
    }

    @Override
    String type() {
      return "java.util.Locale";
    }

    @Override
    Expression seeded(Expression call, Expression seed) {
      return new MethodCallExpr(call, "useLocale", new NodeList<>(seed));
    }
  };

  private final List<String> entries;

  SeededForm(String... entries) {
    this.entries = List.of(entries);
  }

  /** What APP reads and records: by default a {@code long} seed it draws. */
  Expression read() {
    return new MethodCallExpr(
        new MethodCallExpr(new NameExpr("java.util.concurrent.ThreadLocalRandom"), "current"),
        "nextLong");
  }

  /** The type of {@link #read()}'s value. */
  String type() {
    return "long";
  }

  /** The call (a constructor or static method call) made with the recorded {@code seed}. */
  abstract Expression seeded(Expression call, Expression seed);

  private static Expression withArgument(Expression call, Expression argument) {
    ((NodeWithArguments<?>) call).addArgument(argument);
    return call;
  }

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
