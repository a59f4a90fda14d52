package streams;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/** Sized streams of random numbers drawn from generators the closure did not seed. */
@UserData
public class Dice {
  static final Random SHARED = new Random();
  static final RandomGenerator ANY = RandomGenerator.getDefault();

  long total;

  @Closure
  public long roll(int n) {
    long sum = ThreadLocalRandom.current().ints(n, 1, 7).sum();
    total += sum;
    return sum;
  }

  @Closure
  public double spread(int n) {
    double mean = SHARED.doubles(n).average().orElse(0);
    total += SHARED.longs(2, 0, 10).sum();
    return mean;
  }

  @Closure
  public long mixed() {
    long b = ANY.longs(2).map(x -> x & 0xff).sum();
    total += ANY.ints(3, 0, 5).asLongStream().sum() + b;
    return total;
  }

  @Closure
  public long fresh(int n) {
    // A generator the closure makes is seeded from the log: its streams need no recording.
    return new Random().ints(n, 0, 100).sum() + new SplittableRandom().ints(n).count();
  }
}
