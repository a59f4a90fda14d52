package dev.orthrus.processor.summary;

/**
 * A store into an element of a primitive array held in a field outside user data ({@code buffer[i]
 * = b}, also through a local alias or a bulk JDK call), by a method that did not assign the field a
 * new array before: if some method passes that field's array to a callee that keeps it in user
 * data, the store may change a version in place.
 *
 * @param owner binary name of the class declaring the field
 * @param field the field name
 * @param site where the store is written
 */
public record FieldArrayWrite(String owner, String field, Site site) implements ArrayStore {}
