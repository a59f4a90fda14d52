package dev.orthrus.processor.summary;

/**
 * A mutable JDK object meeting user data: stored into a user-data field ({@link Kind#STORE}),
 * changed in place while a user-data field holds it ({@link Kind#MUTATION}), or a field updater or
 * {@code VarHandle} made to write a user-data field in place ({@link Kind#HANDLE}).
 *
 * @param kind which of the two
 * @param field the user-data field, {@code owner.name}
 * @param what the mutable type or view factory ({@code java.util.HashMap}), or for a mutation the
 *     method called ({@code java.util.Map#put(K,V)})
 * @param site where it is written
 */
public record UserDataMutation(Kind kind, String field, String what, Site site) {

  public enum Kind {
    STORE,
    MUTATION,
    /** A field updater or {@code VarHandle} made for the field ({@code what}: its factory). */
    HANDLE
  }
}
