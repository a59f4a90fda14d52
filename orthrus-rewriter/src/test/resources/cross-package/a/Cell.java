package a;

import dev.orthrus.annotations.UserData;

/** Public fields that closures of another package read and write. */
@UserData
public class Cell {
  public long value;
  public Cell next;

  public Cell(long value) {
    this.value = value;
  }
}
