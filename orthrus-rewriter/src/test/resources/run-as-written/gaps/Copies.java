package gaps;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A user-data class with a copy constructor, which reads the other object's fields, used in a
 * closure on an object it was given; and its plain constructor, which reads nothing of another.
 */
@UserData
public class Copies {
  long id;
  long balance;

  public Copies(long id) {
    this.id = id;
  }

  public Copies(Copies other) {
    this(other.id);
    this.balance = other.balance();
  }

  public long balance() {
    return balance;
  }

  @Closure
  public static long snapshot(Copies a, long deposit) {
    a.balance = a.balance + deposit;
    return new Copies(a).balance();
  }

  @Closure
  public static long opened(long deposit) {
    Copies a = new Copies(deposit);
    a.balance = a.balance + deposit;
    return a.balance() + a.id;
  }

  public static long drive(int rounds) {
    Copies a = new Copies(7);
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      s += snapshot(a, i) + opened(i);
    }
    return s;
  }
}
