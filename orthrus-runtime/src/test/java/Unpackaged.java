/**
 * A class without a package, whose {@code Object.toString} prints its bare name: {@code
 * OutputComparatorTest} compares such text.
 */
final class Unpackaged {
  private Unpackaged() {}
}
