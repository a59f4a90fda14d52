package names;

/** Runs the closures of every level; returns what they computed. */
public final class Run {
  private Run() {}

  public static String run(int rounds) {
    A a = new A(3);
    B b = new B(5);
    C c = new C(7);
    long sum = 0;
    for (int i = 0; i < rounds; i++) {
      sum += a.dep(i) + b.dep(i % 3) + c.dep(1) + b.mix(i) + c.mix(i % 5) + c.lim();
    }
    return Long.toString(sum);
  }
}
