package dev.orthrus.rewriter.facts;

import javax.lang.model.element.Element;

/**
 * A read of a mutable field that is not versioned: an instance field of a class that is not
 * {@code @UserData}, or any static field; or a read of an element of the array such a field holds,
 * final or not ({@code Rates.RATE[tier]}). Another thread may change it between an execution and
 * its validation, so inside a closure its value is recorded by APP and replayed by VAL (when {@link
 * SourceFacts#isShared} says some code may change it).
 *
 * @param field {@code owner#name}, the owner's binary name
 * @param isStatic a static field (read without a receiver to evaluate)
 * @param type the field's type as the read's site names it ({@code
 *     java.util.List<java.lang.String>}), else its erased type; for an element, the element's
 * @param receiverLocal the local variable the field is read through ({@code step.amount}), or null
 * @param element a read of an element of the field's array, not of the field
 */
public record SharedRead(
    String field, boolean isStatic, String type, Element receiverLocal, boolean element) {}
