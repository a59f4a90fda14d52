package tally;

/** Calls the varargs closures as a program would; returns what they computed. */
public final class Driver {
  private Driver() {}

  public static String run(int rounds) {
    Tally t = new Tally();
    Item a = new Item("alpha");
    Item b = new Item("beta");
    Item[] both = {a, b};
    long[] buffer = new long[3];
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < rounds; i++) {
      t.add();
      t.add(i);
      t.add(i, 2L * i, 3);
      buffer[0] = i;
      buffer[1] = -i;
      buffer[2] = 7;
      long r = t.add(buffer);
      buffer[2] = 8; // the caller reuses its array
      long s = Tally.bumpAll(i % 3, a);
      long u = Tally.bumpAll(1, both);
      long w = Tally.bumpAll(2, a, b, a);
      String l = Tally.label(t, b, "x", Integer.toString(i));
      String m = Tally.label(t, a);
      if (i % 50 == 0) {
        out.append(r).append(' ').append(s).append(' ').append(u).append(' ').append(w);
        out.append(' ').append(l).append(' ').append(m).append('\n');
      }
    }
    return out.append(t.total).append(' ').append(t.calls).append(' ').append(a.count)
        .append(' ').append(b.count).toString();
  }
}
