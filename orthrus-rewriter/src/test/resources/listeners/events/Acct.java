package events;

import dev.orthrus.annotations.UserData;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/** An account that holds callbacks the program set: JDK functional interfaces and its own. */
@UserData
public class Acct {
  long balance;
  Consumer<String> listener;
  Runnable tick;
  LongUnaryOperator fee;
  Listener own;
  Supplier<String> currentUser;
  String lastUser;
}
