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
 * @param recordedShared a JDK constructor gets a mutable JDK object of the program's control path
 *     ({@code new ArrayList<>(tags)}, {@link CallFact#recordedShared}): APP records the object it
 *     made, VAL takes it from the log instead of copying the live object, and the object is shared
 *     from then on (the calls on it are recorded too, since VAL holds APP's object)
 * @param siteType the allocation's type as a source names it ({@code
 *     java.util.ArrayList<java.lang.String>} for {@code new ArrayList<>(tags)}), for the cast of a
 *     recorded object; {@code type} when it has no such name
 */
public record NewFact(
    String type,
    boolean userData,
    boolean array,
    JdkApi seeded,
    String constructor,
    boolean recordedShared,
    String siteType) {}
