package dev.orthrus.processor.summary;

/**
 * A store to a field ({@code =}, compound assignment, {@code ++}/{@code --}).
 *
 * @param owner binary name of the class declaring the field
 * @param field the field name
 * @param type the field's declared type
 * @param receiver what object is written
 * @param receiverType binary name of the receiver expression's static type (the owner when implicit)
 * @param userData the declaring class or the receiver's static type is {@code @UserData}
 * @param site where the store is written
 */
public record FieldWrite(
    String owner, String field, String type, Receiver receiver, String receiverType, boolean userData, Site site) {

  public String qualifiedField() {
    return owner + "." + field;
  }
}
