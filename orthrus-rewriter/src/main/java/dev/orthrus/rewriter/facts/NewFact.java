package dev.orthrus.rewriter.facts;

/**
 * An allocation: {@code new C(...)} of a class, or {@code new E[n]} of an array.
 *
 * @param type binary name of the class, or of the array's element type
 * @param userData the class (or the element type) is {@code @UserData}
 * @param array an array allocation
 */
public record NewFact(String type, boolean userData, boolean array) {}
