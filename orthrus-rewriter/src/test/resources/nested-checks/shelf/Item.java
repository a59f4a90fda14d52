package shelf;

import dev.orthrus.annotations.UserData;

@UserData
public class Item {
  int flags;

  public Item(int flags) {
    this.flags = flags;
  }
}
