package shop;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public class Item {
  private long price;

  public Item(long price) {
    this.price = price;
  }

  public long price() {
    return price;
  }

  @Closure
  public static long twice(Item item) {
    return 2 * item.price();
  }
}
