package gen;

/** Runs the closures as a program would; returns what they computed. */
public final class Driver {
  private Driver() {}

  public static String run(int rounds) {
    Store s = new Store();
    StringBuilder out = new StringBuilder();
    long acc = 0;
    for (int i = 0; i < rounds; i++) {
      acc += s.put("k" + (i % 17), i);
      String r = s.rename("n" + i);
      acc += Store.sum(s);
      if (i % 50 == 0) {
        out.append(r).append(' ').append(acc).append('\n');
      }
    }
    return out.append(acc).toString();
  }
}
