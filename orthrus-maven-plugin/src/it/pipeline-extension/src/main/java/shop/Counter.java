package shop;

import dev.orthrus.annotations.UserData;

@UserData
final class Counter {
  long value;
}
