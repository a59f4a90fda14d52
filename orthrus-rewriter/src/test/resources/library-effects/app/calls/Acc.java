package calls;

import dev.orthrus.annotations.UserData;

@UserData
public final class Acc {
  long total;
}
