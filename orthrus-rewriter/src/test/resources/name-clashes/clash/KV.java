package clash;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A class whose name is the binding another class's closure {@code kv} would take: a constant
 * {@code KV} there would obscure this class, and {@code KV.PUT} would name the constant's field.
 */
@UserData
public final class KV {
  int puts;

  @Closure
  public int put(int d) {
    puts += d;
    return puts;
  }
}
