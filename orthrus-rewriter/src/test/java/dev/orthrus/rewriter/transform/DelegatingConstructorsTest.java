package dev.orthrus.rewriter.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A user-data constructor that calls {@code this(...)} after a prologue (Java 25's flexible
 * constructor bodies) delegates as one that calls it first does: an outside trial's was rewritten
 * as a field-initializing constructor, whose first store overwrote every field the constructor it
 * called had set with defaults (balance 0 where vanilla had 100, and nothing detected it).
 */
class DelegatingConstructorsTest {

  @Test
  void thisAfterAPrologueDelegates() {
    List<ConstructorDeclaration> constructors =
        new JavaParser(new ParserConfiguration().setLanguageLevel(Rewriter.languageLevel(25)))
            .parse(
                """
                class Acc {
                  long balance;
                  long ops;
                  Acc(long balance, long ops) { this.balance = balance; this.ops = ops; }
                  Acc(long cents) { long b = Math.max(0, cents); this(b, 1); }
                  Acc() { this(0, 0); }
                  Acc(int ops) { super(); this.ops = ops; }
                }
                """)
            .getResult()
            .orElseThrow()
            .findAll(ConstructorDeclaration.class);
    assertFalse(UserDataClass.delegates(constructors.get(0)));
    assertTrue(UserDataClass.delegates(constructors.get(1)));
    assertTrue(UserDataClass.delegates(constructors.get(2)));
    assertFalse(UserDataClass.delegates(constructors.get(3)));
  }
}
