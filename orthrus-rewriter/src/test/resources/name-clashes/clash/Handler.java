package clash;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Names the generated members would take, already taken by the program: a constant named as the
 * closure's binding ({@code GET}), a closure named as another's site ({@code renderAny}, {@code
 * RENDER_ANY}), a nested type named as the version class ({@code V}), and a helper named as a
 * variant ({@code renderPlain}), and a class of the package named as a binding ({@code KV}, which
 * closure {@code kv} would take).
 */
@UserData
public final class Handler {
  static final String GET = "GET";

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

  /** An ordinary helper whose name is the closure's plain variant's. */
  String renderPlain(int width) {
    return "w" + width + ":" + lastPath.length();
  }
}
