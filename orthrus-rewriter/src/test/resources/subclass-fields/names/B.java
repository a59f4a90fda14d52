package names;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** More such names one level down: next, from, owner, sink$. */
@UserData
public class B extends A {
  protected long next;
  protected int from;
  protected String owner = "o";
  protected double sink$ = 0.5;

  public B(long start) {
    super(start);
  }

  @Closure
  public long mix(long x) {
    next = next * 31 + x;
    from++;
    owner = owner.length() > 8 ? "o" : owner + from;
    checksum--;
    sink$ = sink$ * 0.5 + sink;
    return next + V.length + (long) sink$;
  }
}
