package rules;

import java.util.List;

/** Runs the closures and returns what they computed. */
public final class Main {
  private Main() {}

  public static String run() {
    Book book =
        new Book(
            List.of(new Doubling(), new Tripling(), new Doubling() {}),
            () -> 5,
            new Box<>("b"));
    Ledger l = new Ledger();
    long last = 0;
    for (int i = 0; i < 300; i++) {
      last = book.post(l, i);
    }
    return last + "/" + l.count;
  }
}
