package kept;

import dev.orthrus.annotations.UserData;

@UserData
public class Acc {
  long total;
  int calls;

  public Acc(long total) {
    this.total = total;
  }

  public long total() {
    return total;
  }
}
