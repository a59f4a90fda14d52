package dev.orthrus.processor.summary;

/**
 * A store to a field ({@code =}, compound assignment, {@code ++}/{@code --}), or into an element of
 * an array held in a field, which is named {@code field[]}.
 *
 * @param owner binary name of the class declaring the field
 * @param field the field name, followed by {@code []} for an element store
 * @param type the field's declared type, or the array's element type for an element store
 * @param receiver what object holds the field
 * @param receiverType binary name of the receiver expression's static type (the owner when
 *     implicit)
 * @param userData the declaring class or the receiver's static type is {@code @UserData}
 * @param parameter the parameter index when {@code receiver} is {@link Receiver#PARAMETER}, else -1
 * @param shared the receiver is {@link Receiver#FRESH}, a local, whose object the method handed on
 *     (to a call, a field, a lambda, a closure) before this store: it is no longer only being built
 * @param site where the store is written
 */
public record FieldWrite(
    String owner,
    String field,
    String type,
    Receiver receiver,
    String receiverType,
    boolean userData,
    int parameter,
    boolean shared,
    Site site) {

  /**
   * Appended to a field name to name the elements of the array it holds, as in {@code buckets[]}.
   */
  public static final String ELEMENTS = "[]";

  public String qualifiedField() {
    return owner + "." + field;
  }

  /** A store into an array element rather than into the field itself. */
  public boolean element() {
    return field.endsWith(ELEMENTS);
  }

  /**
   * How messages name the target: {@code field `a.B.f`} or {@code an element of array field
   * `a.B.f`}.
   */
  public String describe() {
    return describe("");
  }

  /** Like {@link #describe()}, with an adjective for the field: {@code describe("static ")}. */
  public String describe(String adjective) {
    return element()
        ? "an element of "
            + adjective
            + "array field `"
            + owner
            + "."
            + field.substring(0, field.length() - 2)
            + "`"
        : adjective + "field `" + qualifiedField() + "`";
  }
}
