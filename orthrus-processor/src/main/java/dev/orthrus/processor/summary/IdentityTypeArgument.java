package dev.orthrus.processor.summary;

/**
 * A call gives a type parameter of its generic callee a type whose objects hash by identity, as a
 * hash set orders them ({@code anyOf(jobs)} with {@code <T> T anyOf(Collection<T> c)} and {@code
 * Job} without {@code hashCode}).
 *
 * @param call the call
 * @param typeParameter the index of the callee's type parameter, or of its class's
 * @param ofClass the parameter is the callee's class's, given by the receiver's type ({@code
 *     Bag<Job> bag; bag.any()})
 * @param type the type it stands for, as written in messages
 */
public record IdentityTypeArgument(Call call, int typeParameter, boolean ofClass, String type) {}
