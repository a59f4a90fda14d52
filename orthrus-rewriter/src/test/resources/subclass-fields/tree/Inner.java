package tree;

import dev.orthrus.annotations.UserData;

/** References to nodes of its own, held in slots, and no version field. */
@UserData
public class Inner extends Node {
  Node left;
  Node right;
}
