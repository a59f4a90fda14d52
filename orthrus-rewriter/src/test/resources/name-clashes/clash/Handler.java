package clash;

import static clash.Units.UNIT;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Names the generated members would take, already taken by the program: a constant named as the
 * closure's binding ({@code GET}), a closure named as another's site ({@code renderAny}, {@code
 * RENDER_ANY}), a nested type named as the version class ({@code V}), and a helper named as a
 * variant ({@code renderPlain}), a class of the package named as a binding ({@code KV}, which
 * closure {@code kv} would take), and constants the code sees under a binding's name from an
 * enclosing class ({@code LABEL}, closure {@code Bucket.label}) or a static import ({@code UNIT},
 * closure {@code unit}): a binding of that name would shadow them.
 */
@UserData
public final class Handler {
  static final String GET = "GET";

  static final String LABEL = "bucket";

  /** A vertex of the handler's small graph. */
  record V(int id, String label) {}

  int gets;
  String lastPath = "";
  V root = new V(0, "root");

  @Closure
  public String get(String path) {
    gets++;
    lastPath = path;
    if (path.length() > root.label().length()) {
      root = new V(gets, path);
    }
    return GET + " " + path + " #" + gets + " " + root.id();
  }

  @Closure
  public String render(int width) {
    gets++;
    return renderPlain(width) + "|" + gets;
  }

  /** A closure whose binding would be the site of {@link #render} for any caller. */
  @Closure
  public int renderAny() {
    gets++;
    return gets;
  }

  /** A closure whose binding would be named as the class {@link KV}. */
  @Closure
  public static int kv(KV store, int d) {
    return store.put(d);
  }

  /** A closure whose binding would shadow the static import {@code UNIT}. */
  @Closure
  public String unit(long elapsed) {
    gets++;
    return elapsed + " " + UNIT;
  }

  /** A nested class whose closure's binding would shadow the enclosing class's {@code LABEL}. */
  @UserData
  public static final class Bucket {
    int held;

    @Closure
    public String label(int d) {
      held += d;
      return LABEL + " holds " + held;
    }
  }

  /** An ordinary helper whose name is the closure's plain variant's. */
  String renderPlain(int width) {
    return "w" + width + ":" + lastPath.length();
  }
}
