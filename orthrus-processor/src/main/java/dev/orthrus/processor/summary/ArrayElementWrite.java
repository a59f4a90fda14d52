package dev.orthrus.processor.summary;

/**
 * A store into an element of a primitive array that is held in a user-data field, either directly
 * ({@code item.value[i] = b}) or through a local alias of that field, or by a bulk JDK call that
 * writes its argument array ({@code System.arraycopy}, {@code Arrays.fill}, ...).
 *
 * @param owner binary name of the user-data class declaring the array field
 * @param field the field name
 * @param component whether the field is a record's component, which no code can assign
 * @param site where the store is written
 */
public record ArrayElementWrite(String owner, String field, boolean component, Site site)
    implements ArrayStore {}
