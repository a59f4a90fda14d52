package fresh;

/** A plain class without equals. */
public final class Tag {
  final String name;

  Tag(String name) {
    this.name = name;
  }
}
