package links;

/** Builds chains of every kind and runs their closures. */
public final class Chains {
  private Chains() {}

  public static String run(int rounds) {
    Counted a = new Counted(1);
    Named b = new Named(2);
    Counted c = new Counted(3);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < rounds; i++) {
      // Acyclic: a links to b or c, b to c or nothing, c to nothing.
      a.follow(i % 2 == 0 ? b : c);
      b.follow(i % 3 == 0 ? null : c);
      out.append(a.bump(i % 5)).append(' ');
      out.append(b.rename(i % 4 == 0 ? a : c)).append(' ');
      out.append(Link.chain(a) % 100_000).append('\n');
    }
    return out.toString();
  }
}
