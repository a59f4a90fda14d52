package orders;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Orders whose constructor draws an id from the program's sequence, reads a clock and a setting
 * the control path changes, made by a closure.
 */
@UserData
public final class Book {
  final Order[] orders = new Order[64];
  int count;

  /** One order. */
  @UserData
  public static final class Order {
    final long id;
    final long limit;
    final long at;
    int quantity;

    Order(int quantity) {
      this.id = Ids.SEQUENCE.incrementAndGet();
      this.limit = Ids.defaultLimit;
      this.at = System.nanoTime();
      this.quantity = quantity;
    }
  }

  /** A ticket whose field initializer and initializer block draw the id and read the clock. */
  @UserData
  public static final class Ticket {
    final long id = Ids.SEQUENCE.incrementAndGet();
    final long stamp;
    int uses;

    {
      stamp = System.nanoTime();
    }
  }

  @Closure
  public long ticket() {
    Ticket t = java.util.Optional.of(1).map(x -> new Ticket()).orElseThrow();
    t.uses = t.uses + 1;
    Order o = make(Order::new, 3);
    return t.id + o.id + (t.stamp != 0 ? 1 : 0);
  }

  private static Order make(java.util.function.IntFunction<Order> maker, int quantity) {
    return maker.apply(quantity);
  }

  @Closure
  public long plainTicket() {
    Ticket t = new Ticket();
    t.uses = t.uses + 1;
    return t.id + (t.stamp != 0 ? 1 : 0);
  }

  @Closure
  public long place(int quantity) {
    Order o = new Order(quantity);
    orders[count % orders.length] = o;
    count = count + 1;
    o.quantity = o.quantity + 1;
    return o.id * 1000 + o.limit + (o.at != 0 ? 1 : 0);
  }

  @Closure
  public long total() {
    long t = 0;
    for (int i = 0; i < Math.min(count, orders.length); i++) {
      t += orders[i].quantity + orders[i].id;
    }
    return t;
  }
}
