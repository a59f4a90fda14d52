package notes;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public final class Note {
  String text = "";
  long hits;

  /** Compound assignments to a String field, one of them with the null literal (trial 5). */
  @Closure
  public String append(String s, int n) {
    text += s;
    text += n;
    text += null;
    return text;
  }

  /** A store of another field: its checksum takes the string's hash kept since it was stored. */
  @Closure
  public long hit() {
    hits++;
    return hits;
  }

  /** Checks its argument against its checksum (the control path's check of user data). */
  @Closure
  public static int length(Note note) {
    return note.text.length();
  }
}
