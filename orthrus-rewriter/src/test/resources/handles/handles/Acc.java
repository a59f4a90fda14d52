package handles;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * Closures that read their own fields through a method handle, a var handle and a reflective
 * method, and one that calls a handle of a static function.
 */
@UserData
public class Acc {
  long n;
  double d;

  public long peek() {
    return n;
  }

  public static long twice(long x) {
    return 2 * x;
  }

  @Closure
  public long viaGetter(int k) throws Throwable {
    MethodHandle g = MethodHandles.lookup().findGetter(Acc.class, "n", long.class);
    long v = (long) g.invokeExact(this);
    n = v + k;
    return n;
  }

  @Closure
  public double viaVarHandle(int k) throws Throwable {
    VarHandle h = MethodHandles.lookup().findVarHandle(getClass(), "d", double.class);
    double v = (double) h.get(this);
    d = v + k / 2.0;
    return d;
  }

  @Closure
  public long viaMethod(int k) throws Exception {
    long v = (Long) Acc.class.getMethod("peek").invoke(this);
    n = v + k;
    return n;
  }

  @Closure
  public long viaFunction(int k) throws Throwable {
    MethodHandle f =
        MethodHandles.lookup()
            .findStatic(Acc.class, "twice", MethodType.methodType(long.class, long.class));
    return (long) f.invokeExact((long) k);
  }

  public static String drive(int rounds) throws Throwable {
    Acc a = new Acc();
    long chk = 0;
    for (int i = 0; i < rounds; i++) {
      chk = chk * 31 + a.viaGetter(i);
      chk = chk * 31 + (long) a.viaVarHandle(i);
      chk = chk * 31 + a.viaMethod(i);
      chk = chk * 31 + a.viaFunction(i);
    }
    return chk + " " + a.n + " " + a.d;
  }
}
