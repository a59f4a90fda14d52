package shop.lib;

import dev.orthrus.annotations.UserData;

/** User data another module may subclass. */
@UserData
public class Party {
  protected long points;

  public Party(long points) {
    this.points = points;
  }
}
