package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import dev.orthrus.rewriter.transform.Rewriter;
import org.junit.jupiter.api.Test;

/**
 * The rewriter parses sources at the language level of the build's release: a Java 21 program's
 * switch over patterns (anywhere in the sources, not only in closures) stopped the protected build
 * when the parser was held at Java 17.
 */
class ParserLevelTest {

  @Test
  void theLevelFollowsTheRelease() {
    assertEquals(LanguageLevel.JAVA_17, Rewriter.languageLevel(17));
    assertEquals(LanguageLevel.JAVA_21, Rewriter.languageLevel(21));
    assertEquals(LanguageLevel.JAVA_25, Rewriter.languageLevel(25));
    // A release newer than the parser knows: the newest it knows, at least 25.
    assertTrue(Rewriter.languageLevel(1000).isYieldSupported());
    assertEquals(true, Rewriter.languageLevel(1000).ordinal() >= LanguageLevel.JAVA_25.ordinal());
  }

  @Test
  void aSwitchOverPatternsParsesAtTwentyOne() {
    String source =
        """
        class Util {
          static String kind(Object o) {
            return switch (o) {
              case Integer i when i > 3 -> "big";
              case Integer i -> "int";
              default -> "other";
            };
          }
        }
        """;
    JavaParser parser =
        new JavaParser(new ParserConfiguration().setLanguageLevel(Rewriter.languageLevel(21)));
    assertTrue(parser.parse(source).isSuccessful());
    JavaParser at17 =
        new JavaParser(new ParserConfiguration().setLanguageLevel(Rewriter.languageLevel(17)));
    assertFalse(at17.parse(source).isSuccessful());
  }
}
