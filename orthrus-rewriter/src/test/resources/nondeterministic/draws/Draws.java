package draws;

import dev.orthrus.annotations.Closure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Closures whose values come from generators and clocks: every run differs, validation not. */
public final class Draws {

  private final Pool pool = new Pool();

  /** Unseeded generators made in the closure, and a recorded call on a recorded receiver. */
  @Closure
  public long draw(int bound) {
    Random random = new Random();
    SplittableRandom split = new SplittableRandom();
    long a = random.nextInt(bound) + split.nextInt(bound);
    long b = ThreadLocalRandom.current().nextInt(bound);
    pool.total = pool.total + a + b;
    return pool.total;
  }

  /** The JDK's shuffle, which draws from a generator of its own. */
  @Closure
  public int shuffle(int n) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      order.add(i);
    }
    Collections.shuffle(order);
    pool.total = pool.total + order.get(0);
    return order.size();
  }

  /** Recorded values used as a method call's receiver and as an operand of !. */
  @Closure
  public String stamp() {
    String id = UUID.randomUUID().toString();
    if (!ThreadLocalRandom.current().nextBoolean()) {
      pool.flips = pool.flips + 1;
    }
    pool.last = id.substring(0, 8);
    return pool.last + pool.flips;
  }
}
