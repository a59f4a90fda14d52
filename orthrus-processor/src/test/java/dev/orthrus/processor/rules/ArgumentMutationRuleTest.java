package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class ArgumentMutationRuleTest {

  private static final String KEY = "[orthrus.closure.argument-mutation]";

  @Test
  void aClosureChangingAMapOrListItsCallerPassedIsWarned() {
    JavaFileObject f =
        source(
            "t.Words",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.List;
        import java.util.Map;
        public class Words {
          @Closure
          public int tally(String word, Map<String, Integer> counts) {
            counts.merge(word, 1, Integer::sum);
            return counts.size();
          }
          @Closure
          public int collect(List<String> out, int n) {
            for (int i = 0; i < n; i++) out.add("w" + i);
            return out.size();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(KEY + " closure `t.Words#tally(java.lang.String,java.util.Map)`")
        .inFile(f)
        .onLineContaining("counts.merge(");
    assertThat(c)
        .hadWarningContaining("calls `java.util.List#add` on its argument `out`")
        .inFile(f)
        .onLineContaining("out.add(");
  }

  @Test
  void aClosureMovingABuffersPositionIsWarnedAndAbsoluteReadsAreNot() {
    JavaFileObject f =
        source(
            "t.Decoder",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.nio.ByteBuffer;
        public class Decoder {
          @Closure
          public long decode(ByteBuffer buf) {
            return buf.getInt() + buf.getLong();
          }
          @Closure
          public long peek(ByteBuffer buf) {
            return buf.getInt(0) + buf.getLong(4) + buf.remaining();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining("calls `java.nio.ByteBuffer#getInt` on its argument `buf`")
        .inFile(f)
        .onLineContaining("return buf.getInt() + buf.getLong();");
    assertThat(
            c.warnings().stream()
                .filter(d -> d.getMessage(null).contains(KEY))
                .filter(d -> d.getMessage(null).contains("peek"))
                .toList())
        .isEmpty();
  }

  @Test
  void readingAnArgumentOrFillingAFreshCollectionIsNotWarned() {
    JavaFileObject f =
        source(
            "t.Reader",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.ArrayList;
        import java.util.List;
        import java.util.Map;
        public class Reader {
          @Closure
          public int read(Map<String, Integer> counts, String word) {
            return counts.getOrDefault(word, 0) + counts.size();
          }
          @Closure
          public List<String> fresh(int n) {
            List<String> out = new ArrayList<>();
            fill(out, n);
            return List.copyOf(out);
          }
          private static void fill(List<String> into, int n) {
            for (int i = 0; i < n; i++) into.add("w" + i);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, KEY);
  }
}
