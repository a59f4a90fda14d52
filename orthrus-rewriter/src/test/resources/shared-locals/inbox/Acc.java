package inbox;

import dev.orthrus.annotations.UserData;

@UserData
public class Acc {
  long v;
}
