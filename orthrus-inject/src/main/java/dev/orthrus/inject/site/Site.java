package dev.orthrus.inject.site;

/**
 * One instruction of the program whose result a faulty core could corrupt.
 *
 * @param id the site's number in its {@link SiteCatalog}
 * @param owner the class's internal name
 * @param index the instruction's index in the method's instruction list as ASM reads it
 * @param dataPath whether the method is a closure's plain or APP variant or a method they reach
 * @param line the source line, or -1
 */
public record Site(
    int id,
    String owner,
    String method,
    String descriptor,
    int index,
    int opcode,
    Shape shape,
    boolean dataPath,
    int line,
    String instruction) {

  /** Where the site is, for people: {@code OrderBook.takeApp:212 imul}. */
  public String label() {
    String simple = owner.substring(owner.lastIndexOf('/') + 1);
    return simple + "." + method + (line >= 0 ? ":" + line : "") + " " + instruction;
  }

  /** {@code data} or {@code control}. */
  public String path() {
    return dataPath ? "data" : "control";
  }
}
