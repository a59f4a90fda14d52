package narrowed;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Arrays made with a narrower element type than their fields': stores of another type fail. */
@UserData
public final class Slots {
  Object[] names = new String[4];
  private final CharSequence[] texts;

  public Slots() {
    texts = new StringBuilder[2];
  }

  /** Stores a boxed number or a text; a number is refused by the array, as in the JVM. */
  @Closure
  public String set(int i, Integer number, String text) {
    try {
      if (number != null) {
        names[i] = number;
      } else {
        names[i] = text;
      }
      return "stored";
    } catch (ArrayStoreException e) {
      return "refused " + e.getMessage();
    }
  }

  /** A store into the final field's array, refused for a String. */
  @Closure
  public String note(int i, boolean asBuilder) {
    try {
      texts[i % 2] = asBuilder ? new StringBuilder("b" + i) : "s" + i;
      return "noted";
    } catch (ArrayStoreException e) {
      return "refused " + e.getMessage();
    }
  }

  /** A fresh array of the field's own element type replaces the narrowed one. */
  @Closure
  public void widen() {
    names = new Object[4];
  }

  /** What the slots hold, by type. */
  @Closure
  public String show() {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      Object v = names[i];
      out.append(v == null ? "null" : v.getClass().getSimpleName() + ":" + v).append(' ');
    }
    return out.toString();
  }
}
