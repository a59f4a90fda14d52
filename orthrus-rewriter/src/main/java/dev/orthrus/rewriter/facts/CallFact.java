package dev.orthrus.rewriter.facts;

import dev.orthrus.model.jdk.JdkApi;

/**
 * A method call, resolved by javac.
 *
 * @param target {@code owner#name(erased,params)}, the id closures and reports use
 * @param isStatic a static method
 * @param returnType its erased result type as a source names it ({@code void}, {@code long}, {@code
 *     java.util.List})
 * @param seeded the JDK table's entry when the call is one the table marks seeded ({@code
 *     Collections.shuffle(list)}), else null
 */
public record CallFact(String target, boolean isStatic, String returnType, JdkApi seeded) {

  public String name() {
    return target.substring(target.indexOf('#') + 1, target.indexOf('('));
  }
}
