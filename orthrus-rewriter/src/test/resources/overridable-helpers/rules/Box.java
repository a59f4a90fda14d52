package rules;

/** A generic class whose value method is overridable. */
public class Box<T> {
  private final T item;

  public Box(T item) {
    this.item = item;
  }

  public T item() {
    return item;
  }

  public int weight(int factor) {
    return factor * 2;
  }
}
