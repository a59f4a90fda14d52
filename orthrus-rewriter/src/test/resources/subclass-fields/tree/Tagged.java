package tree;

import dev.orthrus.annotations.UserData;

/** A version field below a class that has none of its own. */
@UserData
public class Tagged extends Inner {
  String tag;

  public Tagged(String tag) {
    this.tag = tag;
  }
}
