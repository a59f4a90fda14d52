package dev.orthrus.processor.summary;

import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.jdk.JdkCategory;

/**
 * A use of a JDK facility that a closure must not depend on blindly: a call the JDK table
 * classifies ({@link dev.orthrus.model.jdk.JdkApis}), a {@code synchronized} block or method, a
 * read of {@code System.out}, or iteration in hash order.
 *
 * @param category what it is, and so which rule reports it
 * @param handling how the runtime handles it as a non-deterministic call of a closure (the table
 *     entry's), or null when it is not one
 * @param target what was used, e.g. {@code java.lang.System#nanoTime()} or {@code synchronized}
 * @param site where it is written
 */
public record ApiUse(JdkCategory category, Handling handling, String target, Site site) {

  /** A use the category alone describes ({@code synchronized}, {@code System.out}). */
  public ApiUse(JdkCategory category, String target, Site site) {
    this(category, category.handling(), target, site);
  }
}
