package tree;

import dev.orthrus.annotations.UserData;

/** A third reference, in the slot after its superclass's two. */
@UserData
public class Wide extends Inner {
  Node middle;
}
