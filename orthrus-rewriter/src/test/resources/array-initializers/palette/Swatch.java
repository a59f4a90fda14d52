package palette;

import dev.orthrus.annotations.UserData;

@UserData
public class Swatch {
  long shade;

  Swatch(long shade) {
    this.shade = shade;
  }
}
