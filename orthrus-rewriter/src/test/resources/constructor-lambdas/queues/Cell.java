package queues;

import dev.orthrus.annotations.UserData;

@UserData
public class Cell {
  long weight;

  Cell(long weight) {
    this.weight = weight;
  }
}
