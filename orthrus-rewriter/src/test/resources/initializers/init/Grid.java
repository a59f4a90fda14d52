package init;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A constructor that fills the arrays of the rows it makes ({@code rows[i].cells[j] = ...}). */
@UserData
public final class Grid {
  final Row[] rows;

  public Grid(int r, int c) {
    rows = new Row[r];
    for (int i = 0; i < r; i++) {
      rows[i] = new Row(c);
      for (int j = 0; j < rows[i].cells.length; j++) {
        rows[i].cells[j] = new Cell();
      }
    }
  }

  @Closure
  public long add(int i, int j, long x) {
    rows[i].cells[j].value += x;
    return rows[i].cells[j].value;
  }

  /** One row of cells. */
  @UserData
  static final class Row {
    final Cell[] cells;

    Row(int n) {
      cells = new Cell[n];
    }
  }

  /** One cell. */
  @UserData
  static final class Cell {
    long value;
  }
}
