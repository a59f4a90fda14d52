package demo.features;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.Comparison;
import java.util.concurrent.locks.ReentrantLock;

/** Closures with floating point, clocks, locks, a static closure and a nested owner. */
public final class Telemetry {

  private final Sensor sensor = new Sensor();
  private final ReentrantLock lock = new ReentrantLock();

  record Summary(double mean, long samples) {}

  @Closure(name = "record-sample", compare = Comparison.RAW_BITS)
  public double record(double value) {
    lock.lock();
    try {
      sensor.mean = sensor.mean + (value - sensor.mean) / (sensor.samples + 1);
      sensor.samples++;
      sensor.updatedAt = Clock.now();
      return Math.exp(sensor.mean);
    } finally {
      lock.unlock();
    }
  }

  @Closure(strict = true)
  public Summary summary() {
    return new Summary(sensor.mean, sensor.samples);
  }

  @Closure
  public static int[] merge(int[] a, int[] b) {
    int[] out = new int[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  void resetFromAdmin() {
    sensor.samples = 0;
  }

  /** A nested class that declares its own closure. */
  public static final class Window {
    private final Sensor last = new Sensor();

    @Closure
    long age(long now) {
      return now - last.updatedAt;
    }
  }
}
