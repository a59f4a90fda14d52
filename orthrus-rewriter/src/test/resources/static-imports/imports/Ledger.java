package imports;

import static imports.Acc.bump;
import static imports.Mix.mix;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Closures that call a closure and a helper with variants by their simple names, through single
 * static imports, which do not import the variants' names.
 */
@UserData
public class Ledger {
  private long extra;
  private final Acc acc = new Acc();

  @Closure
  public long both(long v) {
    extra += mix(v, 1);
    return extra + bump(acc, v) * 2;
  }
}
