package dev.orthrus.processor.summary;

/**
 * A generic method gives one of its own type parameters to a generic callee ({@code <T> T
 * any(List<T> xs) { return anyOf(xs); }}): a hash set the callee iterates keyed by its parameter is
 * keyed by this method's.
 *
 * @param call the call
 * @param calleeTypeParameter the index of the callee's type parameter
 * @param typeParameter the index of this method's type parameter it stands for
 */
public record TypeParameterPass(Call call, int calleeTypeParameter, int typeParameter) {}
