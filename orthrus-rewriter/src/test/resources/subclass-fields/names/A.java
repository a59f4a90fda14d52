package names;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Fields named as the generated code names its classes and parameters: V, checksum, sink. */
@UserData
public class A {
  protected long[] V = {1};
  protected long checksum;
  protected int sink;

  public A(long start) {
    checksum = start;
  }

  @Closure
  public long dep(long x) {
    long[] c = V.clone();
    c[0] += x;
    V = c;
    checksum += x;
    sink ^= (int) x;
    return V[0] + checksum + sink;
  }
}
