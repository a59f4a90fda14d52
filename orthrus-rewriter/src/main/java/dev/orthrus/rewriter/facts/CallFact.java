package dev.orthrus.rewriter.facts;

import dev.orthrus.model.jdk.JdkApi;

/**
 * A method call, resolved by javac.
 *
 * @param target {@code owner#name(erased,params)}, the id closures and reports use
 * @param reported the name the processor gives the call when the JDK table classifies it: for an
 *     instance method, the receiver's erased static type and the signature ({@code
 *     p.Item#hashCode()} where {@code target} is {@code java.lang.Object#hashCode()}); else {@code
 *     target}
 * @param isStatic a static method
 * @param returnType its erased result type as a source names it ({@code void}, {@code long}, {@code
 *     java.util.List})
 * @param seeded the JDK table's entry when the call is one the table marks seeded ({@code
 *     Collections.shuffle(list)}), else null
 * @param sharedReceiver the receiver is a mutable JDK object of the program's control path: a field
 *     outside user data holds it ({@code accounts.get(id)} with a {@code Map} field of a service
 *     class), a local always holds such a field's object, or a call on one returned it; the program
 *     changes it outside the closure, so inside one the call is recorded (unless it returns a
 *     stream or an iterator), and a validator does not make it again
 * @param siteType the call's type at this site as a source names it ({@code p.Account} for {@code
 *     Map<String, Account>#get}, a type variable in scope), for the cast of a recorded result;
 *     {@code returnType} when it has no such name
 * @param sharedGenerator a JDK method gets a random generator the calling method did not make
 *     ({@code Collections.shuffle(list, rnd)} with a field's generator): inside a closure a
 *     validator would draw from the application's generator
 */
public record CallFact(
    String target,
    String reported,
    boolean isStatic,
    String returnType,
    JdkApi seeded,
    boolean sharedReceiver,
    String siteType,
    boolean sharedGenerator) {

  public String name() {
    return target.substring(target.indexOf('#') + 1, target.indexOf('('));
  }
}
