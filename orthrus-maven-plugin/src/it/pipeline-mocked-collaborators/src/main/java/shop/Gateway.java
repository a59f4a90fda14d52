package shop;

/** A payment gateway a closure makes for each charge; a test stubs it with {@code mockConstruction}. */
public class Gateway {
  public long charge(long amount) {
    return amount + 1;
  }
}
