package chk;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.Locale;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Closures that catch the checked exceptions of calls on shared JDK objects, which VAL takes from
 * the log instead of making: a formatter's parse, a timed lock, an interruptible lock.
 */
@UserData
public class Ops {
  private static final SimpleDateFormat DAY = day();
  private static final ReentrantLock LOCK = new ReentrantLock();

  long total;

  private static SimpleDateFormat day() {
    SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd", Locale.ROOT);
    f.setTimeZone(TimeZone.getTimeZone("UTC"));
    return f;
  }

  @Closure
  public long parse(String s) {
    try {
      total = total + DAY.parse(s).getTime() / 86_400_000L;
    } catch (ParseException e) {
      total = total - 1;
    }
    return total;
  }

  @Closure
  public long timed(long x) {
    try {
      if (LOCK.tryLock(10, TimeUnit.MILLISECONDS)) {
        try {
          total = total + x;
        } finally {
          LOCK.unlock();
        }
      }
    } catch (InterruptedException e) {
      total = -1;
    }
    return total;
  }

  @Closure
  public long interruptible(long x) {
    try {
      LOCK.lockInterruptibly();
      try {
        total = total + x;
      } finally {
        LOCK.unlock();
      }
    } catch (InterruptedException e) {
      total = -2;
    }
    return total;
  }

  public static long drive(int rounds) {
    Ops o = new Ops();
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      s += o.parse(i % 5 == 0 ? "not a day" : "2026-12-0" + (1 + i % 9));
      s += o.timed(i);
      s += o.interruptible(i);
    }
    return s;
  }
}
