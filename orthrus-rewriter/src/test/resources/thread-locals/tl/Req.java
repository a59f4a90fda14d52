package tl;

import dev.orthrus.annotations.UserData;

/** A request the handler renders and traces. */
@UserData
public final class Req {
  final long id;
  String status = "NEW";
  long trace;

  public Req(long id) {
    this.id = id;
  }
}
