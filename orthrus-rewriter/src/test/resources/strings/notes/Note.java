package notes;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public final class Note {
  String text = "";

  /** Compound assignments to a String field, one of them with the null literal (trial 5). */
  @Closure
  public String append(String s, int n) {
    text += s;
    text += n;
    text += null;
    return text;
  }
}
