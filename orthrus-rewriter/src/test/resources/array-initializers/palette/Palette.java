package palette;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * User-data arrays of references made with initializers: in field declarations (bare and {@code
 * new T[] {...}}, one narrower than the field), and assigned in closures from elements that read
 * user data, and in a constructor.
 */
@UserData
public class Palette {
  Swatch[] swatches = {new Swatch(1), new Swatch(2)};
  final String[] names = {"red", "green", "blue"};
  Object[] tags = new String[] {"warm", "cold"};
  Swatch[] extra;
  long total;

  public Palette() {
    extra = new Swatch[] {new Swatch(5), swatches[1]};
  }

  /** Replaces the swatches and tags with new arrays made by initializers. */
  @Closure
  public long reset(int a, int b) {
    swatches = new Swatch[] {new Swatch(a), new Swatch(b), null};
    tags = new Object[] {names[a % names.length], swatches[1].shade};
    total = swatches[0].shade + swatches[1].shade;
    return total + tags.length + names[b % names.length].length();
  }

  /** Reads every slot. */
  @Closure
  public long sum() {
    long s = total;
    for (int i = 0; i < swatches.length; i++) {
      if (swatches[i] != null) {
        s += swatches[i].shade * (i + 1);
      }
    }
    return s + tags[0].toString().length() + extra[0].shade + extra[1].shade;
  }

  /** A store the narrower array refuses, as the JVM's array does ({@code ArrayStoreException}). */
  @Closure
  public String tag(int n) {
    Object tag = n < 0 ? Integer.valueOf(n) : "dry" + n;
    tags[0] = tag;
    return tags[0].toString();
  }

  /** A new palette made in a closure: its field initializers run on the validator too. */
  @Closure
  public static long fresh(int n) {
    Palette p = new Palette();
    p.swatches[0].shade += n;
    return p.swatches[0].shade + p.swatches[1].shade + p.names.length + p.tags.length;
  }
}
