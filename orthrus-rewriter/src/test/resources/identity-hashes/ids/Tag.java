package ids;

/** A plain class of the program that keeps Object's hashCode and toString. */
public final class Tag {
  final int v;

  public Tag(int v) {
    this.v = v;
  }
}
