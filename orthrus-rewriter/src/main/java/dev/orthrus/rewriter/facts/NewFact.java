package dev.orthrus.rewriter.facts;

import dev.orthrus.model.jdk.JdkApi;

/**
 * An allocation: {@code new C(...)} of a class, or {@code new E[n]} of an array.
 *
 * @param type binary name of the class, or of the array's element type
 * @param userData the class (or the element type) is {@code @UserData}
 * @param array an array allocation
 * @param seeded the JDK table's entry when the constructor is one the table marks seeded ({@code
 *     new Random()}), else null
 * @param constructor the constructor's id ({@code java.util.Date#<init>()}), by which a
 *     non-deterministic one is listed; null for an array
 */
public record NewFact(
    String type, boolean userData, boolean array, JdkApi seeded, String constructor) {}
