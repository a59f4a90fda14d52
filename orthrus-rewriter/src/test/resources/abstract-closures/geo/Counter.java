package geo;

import dev.orthrus.annotations.Closure;

/** An abstract closure of an interface. */
public interface Counter {
  @Closure
  long incr(long by);
}
