package tree;

/** Grows trees of every node kind through closures; returns what they computed. */
public final class Forest {
  private Forest() {}

  public static String run(int rounds) {
    Inner a = new Wide();
    Inner b = new Tagged("b");
    Leaf kept = new Leaf(7);
    a.left = kept;
    long total = 0;
    for (int i = 0; i < rounds; i++) {
      Inner at = i % 3 == 0 ? b : a;
      total += Node.add(at, i);
      total += Node.bump(kept, i % 5);
      if (i % 10 == 0) {
        total += Node.sum(a) + Node.sum(b);
      }
    }
    return total + " " + Node.sum(a) + " " + Node.sum(b) + " " + ((Tagged) b).tag + " " + kept.visits;
  }
}
