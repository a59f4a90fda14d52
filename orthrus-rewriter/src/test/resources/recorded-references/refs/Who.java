package refs;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.Optional;
import java.util.UUID;
import java.util.function.DoubleToLongFunction;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;

/** Method references to calls the log records, as a program writes them. */
@UserData
public class Who {
  int calls;
  long total;

  @Closure
  public String name() {
    calls++;
    return Optional.of(Thread.currentThread()).map(Thread::getName).orElse("?");
  }

  @Closure
  public boolean daemon() {
    calls++;
    Predicate<Thread> daemon = Thread::isDaemon;
    return daemon.test(Thread.currentThread());
  }

  @Closure
  public long id() {
    ToLongFunction<Thread> id = Thread::getId;
    total += id.applyAsLong(Thread.currentThread());
    return total;
  }

  @Closure
  public int draws() {
    LongSupplier clock = System::nanoTime;
    long now = clock.getAsLong();
    String ids = Stream.generate(UUID::randomUUID).limit(2).map(UUID::toString).collect(Collectors.joining());
    double sum = DoubleStream.generate(Math::random).limit(3).sum();
    return ids.length() + (now != 0 ? 1 : 0) + (sum >= 0 ? 1 : 0);
  }

  @Closure
  public long nanBits(double x) {
    DoubleToLongFunction bits = Double::doubleToRawLongBits;
    return bits.applyAsLong(x * 0.0 / 0.0);
  }
}
