package deep;

import dev.orthrus.annotations.UserData;

@UserData
public class Acc {
  int boxed;
}
