package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User-data classes whose field initializers read fields declared above them ({@code int free =
 * capacity}) and that have instance initializer blocks, with and without constructors ({@code
 * src/test/resources/initializers}): the first version holds what Java's order of initialization
 * gives (the build failed to compile, and a block threw {@code NullPointerException}); and a
 * constructor that fills the arrays of the objects it makes ({@code rows[i].cells[j] = new Cell()},
 * which did not compile).
 */
class InitializersTest {

  private static final Path SOURCES = Path.of("src/test/resources/initializers");

  @Test
  void initializersRunInJavasOrderBeforeTheFirstVersion(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, InitializersTest::run, 60);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> window = loader.loadClass("init.Window");
    Class<?> limiter = loader.loadClass("init.Limiter");
    Object plain = window.getConstructor().newInstance();
    Object wide = window.getConstructor(int.class).newInstance(100);
    Object limits = limiter.getConstructor().newInstance();
    Class<?> grid = loader.loadClass("init.Grid");
    Object cells = grid.getConstructor(int.class, int.class).newInstance(3, 4);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 15; i++) {
      seen.append(window.getMethod("take", int.class).invoke(plain, i)).append(' ');
      seen.append(window.getMethod("take", int.class).invoke(wide, i)).append(' ');
      seen.append(limiter.getMethod("allow", int.class).invoke(limits, i)).append(' ');
      seen.append(
          grid.getMethod("add", int.class, int.class, long.class).invoke(cells, i % 3, i % 4, i));
      seen.append('\n');
    }
    return seen.append(limiter.getMethod("mode").invoke(limits)).toString();
  }
}
