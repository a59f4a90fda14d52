package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program whose own names are those the rewriter generates ({@code
 * src/test/resources/name-clashes}): a constant {@code GET} beside the closure {@code get}, the
 * closures {@code render} and {@code renderAny}, a nested record {@code V} in a user-data class, a
 * helper {@code renderPlain} beside the closure {@code render}, a class {@code KV} beside the
 * closure {@code kv}, constants of an enclosing class and of a static import beside closures of
 * their names (a binding shadowed them: the protected build printed another text). The generated
 * members take other names, and the program builds and computes what the vanilla build computes (it
 * did not compile).
 */
class NameClashesTest {

  private static final Path SOURCES = Path.of("src/test/resources/name-clashes");

  @Test
  void generatedMembersAvoidTheProgramsOwnNames(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, NameClashesTest::run, 60);
    String generated = Builds.generated(out, "clash/Handler.java");
    for (String part :
        new String[] {
          "static final ClosureBinding GET_2 =",
          "static final ClosureBinding RENDER_ANY_2 =",
          "static final ClosureBinding KV_2 =",
          "static final ClosureBinding UNIT_2 =",
          "static final ClosureBinding LABEL_2 =",
          "static final class V$ extends Version",
          "render$Plain(width)",
          "String renderPlain(int width)"
        }) {
      assertTrue(generated.contains(part), () -> part + " in\n" + generated);
    }
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> handler = loader.loadClass("clash.Handler");
    Object h = handler.getConstructor().newInstance();
    Method get = handler.getMethod("get", String.class);
    Method render = handler.getMethod("render", int.class);
    Method renderAny = handler.getMethod("renderAny");
    Class<?> kvType = loader.loadClass("clash.KV");
    Method kv = handler.getMethod("kv", kvType, int.class);
    Object store = kvType.getConstructor().newInstance();
    Method unit = handler.getMethod("unit", long.class);
    Class<?> bucketType = loader.loadClass("clash.Handler$Bucket");
    Object bucket = bucketType.getConstructor().newInstance();
    Method label = bucketType.getMethod("label", int.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      seen.append(get.invoke(h, "/p" + "x".repeat(i % 7))).append('\n');
      seen.append(render.invoke(h, 10 + i % 3)).append('\n');
      seen.append(renderAny.invoke(h)).append('\n');
      seen.append(kv.invoke(null, store, i)).append('\n');
      seen.append(unit.invoke(h, (long) i)).append('\n');
      seen.append(label.invoke(bucket, i)).append('\n');
    }
    return seen.toString();
  }
}
