package dev.orthrus.processor.summary;

/**
 * A generic method, or a method of a generic class, iterates a hash set or map keyed by a type
 * parameter ({@code new HashSet<T>(items)}): in identity-hash order when a caller gives that
 * parameter a type whose objects hash by identity ({@link IdentityTypeArgument}).
 *
 * @param typeParameter the index of the method's type parameter, or of its class's
 * @param ofClass the parameter is the class's ({@code class Bag<T> { Set<T> items; }}), given by
 *     the receiver's type at a call
 * @param target what is iterated, as the identity-hash-order rule names it
 * @param site where
 */
public record TypeParameterHashOrder(
    int typeParameter, boolean ofClass, String target, Site site) {}
