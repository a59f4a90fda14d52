package dev.orthrus.rewriter.facts;

/**
 * A method call, resolved by javac.
 *
 * @param target {@code owner#name(erased,params)}, the id closures and reports use
 * @param isStatic a static method
 * @param returnType its erased result type as a source names it ({@code void}, {@code long}, {@code
 *     java.util.List})
 */
public record CallFact(String target, boolean isStatic, String returnType) {

  public String name() {
    return target.substring(target.indexOf('#') + 1, target.indexOf('('));
  }
}
