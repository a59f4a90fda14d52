package loops;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** For-each loops over user-data arrays, in closures and on the control path. */
@UserData
public class Board {
  private final Cell[] cells;
  private Cell[] spare;

  public Board(int n) {
    cells = new Cell[n];
    for (int i = 0; i < n; i++) {
      cells[i] = new Cell(i);
    }
  }

  /**
   * Nested loops over one array with a labeled continue, a break and a skipped null: odd cells grow
   * by {@code add}; an even cell adds the cells before it to the total, grows, and ends the sweep
   * once over {@code limit}.
   */
  @Closure
  public long sweep(long add, long limit) {
    long total = 0;
    outer:
    for (Cell c : cells) {
      if (c == null) {
        continue;
      }
      if (c.value % 2 != 0) {
        c.value += add;
        continue;
      }
      for (final Cell d : cells) {
        if (d == c) {
          c.value += add;
          if (c.value > limit) {
            break outer;
          }
          continue outer;
        }
        if (d != null) {
          total += d.value;
        }
      }
    }
    return total;
  }

  /** Replaces a slot, then counts: the loop reads the new element. */
  @Closure
  public int replaceAndCount(int i, long v) {
    cells[i] = i % 3 == 0 ? null : new Cell(v);
    int n = 0;
    for (var c : this.cells) {
      if (c != null && c.value == v) {
        n++;
      }
    }
    return n;
  }

  /** A loop over another board's array, and one over a null array that throws. */
  @Closure
  public long copyFrom(Board other) {
    long moved = 0;
    int i = 0;
    for (Cell c : other.cells) {
      if (i < cells.length && c != null && cells[i] != null) {
        cells[i].value = c.value;
        moved += c.value;
      }
      i++;
    }
    Cell[] theirs = other.cells;
    moved += theirs.length + (theirs[0] == null ? 0 : theirs[0].value);
    try {
      for (Cell c : spare) {
        moved += c.value;
      }
    } catch (NullPointerException e) {
      moved = -moved;
    }
    return moved;
  }

  /** Gives the board a spare array, which copyFrom's second loop then iterates. */
  @Closure
  public void keepSpare(int n) {
    spare = new Cell[n];
    for (int i = 0; i < n; i++) {
      spare[i] = new Cell(10 * i);
    }
  }

  /**
   * A local that holds the array: indexed, asked its length, a slot stored through it, looped
   * over, compared with another such local.
   */
  @Closure
  public long viaLocal(long add) {
    Cell[] c = cells;
    long total = 0;
    for (int i = 0; i < c.length; i++) {
      if (c[i] != null) {
        c[i].value += add;
        total += c[i].value;
      }
    }
    if (c.length > 1 && c[1] == null) {
      c[1] = new Cell(add);
    }
    for (Cell x : c) {
      total += x == null ? 0 : x.value;
    }
    var again = this.cells;
    return again == c ? total : -1;
  }

  /**
   * Calls that copy or only read the array (a stream, a clone, copyOf, Stream.of), through the
   * field and through a local that holds it; the copies are Java arrays.
   */
  @Closure
  public String copies(long add) {
    long streamed =
        java.util.Arrays.stream(cells).filter(c -> c != null).mapToLong(c -> c.value + add).sum();
    Cell[] copy = cells.clone();
    copy[0] = null;
    Cell[] longer = java.util.Arrays.copyOf(cells, cells.length + 1);
    Cell[] alias = cells;
    long present = java.util.stream.Stream.of(alias).filter(java.util.Objects::nonNull).count();
    return streamed
        + " "
        + (cells[0] != null)
        + " "
        + longer.length
        + " "
        + (longer[longer.length - 1] == null)
        + " "
        + present
        + " "
        + java.util.Arrays.equals(cells, alias);
  }

  /**
   * A JDK call that writes the array, which runs on a copy of its slots that is written back: a
   * fill of the first slot.
   */
  @Closure
  public long reorder(boolean fill) {
    if (fill) {
      java.util.Arrays.fill(cells, 0, 1, new Cell(7));
    }
    long h = 0;
    for (Cell c : cells) {
      h = h * 31 + (c == null ? -1 : c.value);
    }
    return h;
  }

  /**
   * The array as an expression gives it: chosen by a conditional, in parentheses, compared with a
   * Java array (never the same) and with the other field; and filled by a void expression lambda.
   */
  @Closure
  public long choose(boolean useSpare, int k) {
    long s = 0;
    for (Cell c : useSpare && spare != null ? spare : cells) {
      s = s * 7 + (c == null ? 0 : c.value);
    }
    Cell[] copy = cells.clone();
    s += (copy == cells ? 100 : 0) + (copy != cells ? 1_000 : 0) + (spare == cells ? 10 : 0);
    s += (useSpare ? spare : cells) == null ? 0 : (useSpare ? spare : cells).length;
    s += (cells)[k % cells.length] == null ? 0 : 1;
    s += java.util.Arrays.stream(useSpare && spare != null ? spare : cells).filter(c -> c != null)
        .count();
    s += (cells).clone().length;
    s += java.util.Arrays.stream(
            switch (k % 2) {
              case 0 -> cells;
              default -> spare == null ? cells : spare;
            })
        .filter(c -> c == null)
        .count();
    for (Cell c :
        switch (k % 3) {
          case 0 -> cells;
          case 1 -> spare == null ? cells : spare;
          case 2 -> (cells);
          default -> throw new IllegalStateException("k " + k);
        }) {
      s += c == null ? 1 : 2;
    }
    java.util.Arrays.fill(useSpare ? cells : (cells), k % cells.length, k % cells.length + 1, null);
    java.util.stream.IntStream.range(0, 2)
        .forEach(i -> java.util.Arrays.fill(cells, i, i + 1, cells[(i + k) % cells.length]));
    return s;
  }

  /** The control path's loops: plain reads, through the field and through a local. */
  public long sum() {
    Cell[] mine = new Cell[1];
    long s = mine != cells ? 1 : 0;
    for (Cell c : cells) {
      s += c == null ? 0 : c.value;
    }
    final Cell[] local = cells;
    for (int i = 0; i < local.length; i++) {
      s += local[i] == null ? 0 : 1;
    }
    return s + java.util.Arrays.stream(cells).filter(c -> c != null).count();
  }
}
