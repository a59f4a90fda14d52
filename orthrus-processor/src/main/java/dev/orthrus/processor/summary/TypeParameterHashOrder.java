package dev.orthrus.processor.summary;

/**
 * A generic method iterates a hash set or map keyed by one of its type parameters ({@code new
 * HashSet<T>(items)}): in identity-hash order when a caller gives that parameter a type whose
 * objects hash by identity ({@link IdentityTypeArgument}).
 *
 * @param typeParameter the index of the method's type parameter
 * @param target what is iterated, as the identity-hash-order rule names it
 * @param site where
 */
public record TypeParameterHashOrder(int typeParameter, String target, Site site) {}
