package golden.tree;

import dev.orthrus.annotations.UserData;

/** The tree's root node and its size. */
@UserData
final class Root {
  Node top;
  int size;
}
