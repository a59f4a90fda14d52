package order;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Compound assignments whose right operand writes the field they assign: Java reads the field
 * before it evaluates the right operand (JLS 15.26.2), so the operand's write is lost.
 */
@UserData
public class Tally {
  long total;
  long reset;
  long stepped;
  long viaLocal;
  String text = "";
  Tally next;
  Tally spare;

  long bump() {
    total += 100;
    return 1;
  }

  String grow() {
    text += "x";
    return "y";
  }

  Tally other() {
    return next;
  }

  /** Swaps next and spare, and adds to the total of the one that was next. */
  long retarget() {
    Tally was = next;
    next = spare;
    spare = was;
    was.total += 1000;
    return 2;
  }

  @Closure
  public String run(int k) {
    total += bump();
    reset += (reset = 5) + k;
    stepped += stepped++;
    text += grow();
    Tally self = this;
    self.viaLocal -= bump() + self.viaLocal++;
    stepped += (self.reset += bump());
    if (next != null) {
      other().total += retarget();
    }
    if (k % 3 == 0) {
      // A local named like the field, in a block of its own: below, next is the field again.
      Tally next = spare;
      viaLocal += next.reset;
    }
    if (next != null) {
      next.total += retarget();
    }
    if (text.length() > 30) {
      text = "";
    }
    return total + " " + reset + " " + stepped + " " + viaLocal + " " + text + " " + next.total
        + " " + spare.total;
  }

  @Closure
  public static Tally pair() {
    Tally t = new Tally();
    t.next = new Tally();
    t.spare = new Tally();
    return t;
  }
}
