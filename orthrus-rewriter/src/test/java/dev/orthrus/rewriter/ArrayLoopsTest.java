package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * For-each loops over user-data arrays ({@code src/test/resources/array-loops}): nested, with a
 * labeled continue and break, a {@code var} and a {@code final} variable, over another object's
 * array, over a null array that throws, after a closure replaced a slot, and on the control path;
 * and a local that holds the array ({@code Cell[] c = cells;}), indexed, stored into and looped
 * over; the array chosen by a conditional or a switch, or compared with a Java array, and streamed,
 * cloned or filled so; a fill in a lambda. The protected build computes what the vanilla one does
 * and every execution validates.
 */
class ArrayLoopsTest {

  private static final Path SOURCES = Path.of("src/test/resources/array-loops");

  @Test
  void loopsOverUserDataArraysValidate(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, ArrayLoopsTest::run, 8 * 300 + 1);
    String board = Builds.generated(out, "loops/Board.java");
    assertTrue(board.contains("VersionedArray<Cell> c = "), board);
    assertTrue(board.contains("log.loadSlot(c, i)"), board);
    assertTrue(board.contains("replay.slots(c)"), board);
    assertTrue(
        board.contains("java.util.Arrays.stream(log.copyOf(cells, loops.Cell.class))"), board);
    assertTrue(board.contains("replay.slots(useSpare && "), board);
    assertTrue(board.contains("log.slots(switch"), board);
    assertTrue(board.contains("(java.lang.Object) (cells)"), board);
  }

  private static Object run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> boardType = loader.loadClass("loops.Board");
    var make = boardType.getConstructor(int.class);
    Object board = make.newInstance(12);
    Object other = make.newInstance(7);
    var sweep = boardType.getMethod("sweep", long.class, long.class);
    var replace = boardType.getMethod("replaceAndCount", int.class, long.class);
    var copy = boardType.getMethod("copyFrom", boardType);
    var keepSpare = boardType.getMethod("keepSpare", int.class);
    var sum = boardType.getMethod("sum");
    var viaLocal = boardType.getMethod("viaLocal", long.class);
    var copies = boardType.getMethod("copies", long.class);
    var reorder = boardType.getMethod("reorder", boolean.class);
    var choose = boardType.getMethod("choose", boolean.class, int.class);
    List<Object> seen = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      seen.add(sweep.invoke(board, i % 5, 40 + i));
      seen.add(replace.invoke(other, i % 7, i % 4));
      seen.add(copy.invoke(board, other));
      if (i == 150) {
        keepSpare.invoke(board, 3);
      }
      seen.add(sweep.invoke(other, 1, 1_000));
      seen.add(viaLocal.invoke(other, i % 3));
      seen.add(copies.invoke(i % 2 == 0 ? board : other, i));
      seen.add(reorder.invoke(other, i % 10 == 0));
      seen.add(choose.invoke(i % 3 == 0 ? other : board, i % 2 == 0, i));
      seen.add(sum.invoke(board));
    }
    return seen;
  }
}
