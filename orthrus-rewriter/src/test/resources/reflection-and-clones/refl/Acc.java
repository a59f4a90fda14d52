package refl;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Field;

/**
 * A closure that reads its own field by reflection, one that clones a plain object it made (a
 * shallow copy that shares the original's array), and one that deep-copies itself through Java
 * serialization (a user-data object made without a constructor).
 */
@UserData
public class Acc implements Serializable {
  private static final long serialVersionUID = 1L;

  long n;

  /** A plain class with a shallow {@code clone()}. */
  public static final class Plain implements Cloneable {
    final int a;
    final long[] xs;

    Plain(int a, long[] xs) {
      this.a = a;
      this.xs = xs;
    }

    @Override
    public Plain clone() {
      try {
        return (Plain) super.clone();
      } catch (CloneNotSupportedException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  @Closure
  public long bump(int k) throws ReflectiveOperationException {
    Field f = Acc.class.getDeclaredField("n");
    long v = f.getLong(this);
    n = v + k;
    return n;
  }

  @Closure
  public long copied(int k) {
    Plain p = new Plain(k, new long[] {k});
    Plain q = p.clone();
    long r = q.a + q.xs[0] + (q.xs == p.xs ? 1_000 : 0) + (q != p ? 1 : 0);
    n += r;
    return r;
  }

  @Closure
  public long selfCopy(int k) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(this);
    }
    Acc copy;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      copy = (Acc) in.readObject();
    }
    n += k;
    return copy.n + k;
  }

  public static String drive(int rounds) throws Exception {
    Acc a = new Acc();
    long check = 0;
    for (int i = 0; i < rounds; i++) {
      check = check * 31 + a.bump(i);
      check = check * 31 + a.copied(i);
      check = check * 31 + a.selfCopy(i);
    }
    return check + " " + a.n;
  }
}
