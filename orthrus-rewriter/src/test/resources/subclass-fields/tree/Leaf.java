package tree;

import dev.orthrus.annotations.UserData;

/** A version field of its own. */
@UserData
public class Leaf extends Node {
  long value;

  public Leaf(long value) {
    this.value = value;
  }
}
