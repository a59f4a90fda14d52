package loops;

import dev.orthrus.annotations.UserData;

@UserData
public class Cell {
  long value;

  public Cell(long value) {
    this.value = value;
  }
}
