package dev.orthrus.processor.summary;

/**
 * A primitive array held in a field passed as an argument ({@code cache.set(key, this.buffer)}): a
 * rule decides, once every method is summarized, whether the callee keeps it in user data.
 *
 * @param owner binary name of the class declaring the field
 * @param field the field name
 * @param callee the id of the method or constructor the array was passed to
 * @param argument the argument's index in that call
 */
public record PassedFieldArray(String owner, String field, String callee, int argument) {}
