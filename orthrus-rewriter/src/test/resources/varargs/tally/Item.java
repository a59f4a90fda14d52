package tally;

import dev.orthrus.annotations.UserData;

/** One counted thing. */
@UserData
public final class Item {
  final String name;
  long count;

  public Item(String name) {
    this.name = name;
  }
}
