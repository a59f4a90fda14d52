package dev.orthrus.processor.summary;

/**
 * A store into an element of a primitive array held by a local or parameter, after the method
 * passed that array to a call ({@code set(s, mine); mine[0] = 100}): a rule decides, once every
 * method is summarized, whether the callee keeps the array in user data.
 *
 * @param callee the id of the method or constructor the array was passed to
 * @param argument the argument's index in that call
 * @param local the local's (or parameter's) name
 * @param site where the store is written
 */
public record PassedArrayWrite(String callee, int argument, String local, Site site)
    implements ArrayStore {}
