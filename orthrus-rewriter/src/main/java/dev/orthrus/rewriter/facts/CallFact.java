package dev.orthrus.rewriter.facts;

import dev.orthrus.model.jdk.JdkApi;
import java.util.List;

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
 * @param recordedShared the call reads or changes a mutable JDK object of the program's control
 *     path (a "shared object": a field outside user data holds it, as {@code accounts} in {@code
 *     accounts.get(id)} with a {@code Map} field of a service class; a local always holds such an
 *     object; or a recorded call returned it): either it is the receiver, or it is an argument of a
 *     static JDK method ({@code String.join(",", tags)}, {@code Collections.sort(audit)}). The
 *     program changes such objects outside the closure, so inside one APP makes the call and
 *     records its result, and a validator takes the result without making the call again. False for
 *     a call that iterates its shared receiver ({@link #snapshot}) or returns a stream or an
 *     iterator, which a validator could not use after the application did
 * @param snapshot how the call iterates its shared receiver, when it is made on a snapshot of it
 *     instead of being recorded ({@code tags.stream()}, {@code limits.forEach(...)})
 * @param snapshotArguments the indices of the shared arguments that the call gets as snapshots:
 *     those a JDK method that is not recorded (an instance method of an object the closure owns,
 *     {@code mine.addAll(tags)}) takes as a {@code Collection}, {@code Iterable} or {@code Map}
 * @param siteType the call's type at this site as a source names it ({@code p.Account} for {@code
 *     Map<String, Account>#get}, a type variable in scope), for the cast of a recorded result;
 *     {@code returnType} when it has no such name
 * @param sharedGenerator a JDK method gets a random generator the calling method did not make
 *     ({@code Collections.shuffle(list, rnd)} with a field's generator): inside a closure a
 *     validator would draw from the application's generator
 * @param varargsIndex the index of the variable-arity parameter of the called method ({@code m(int
 *     a, long... b)}: 1), where a call's rewriting puts what it inserts before the variable
 *     arguments; -1 for a method of fixed arity
 * @param identityHashed a JDK method that hashes or prints its operands ({@code Objects.hash},
 *     {@code String.valueOf(Object)}, a collection's {@code hashCode}, Object's own {@code
 *     toString}) gets one that may keep Object's {@code hashCode}, by its static type, an element's
 *     or a type argument's: its result may hold an identity hash, which differs for an object VAL
 *     made, so APP records the result and VAL replays it
 * @param checkedThrows the checked exceptions the called method declares (erased names): VAL, which
 *     takes a recorded call's result from the log, says it may throw them, so that a catch clause
 *     around the call compiles in VAL as it did in the source
 * @param answeredElsewhere an abstract method (an interface's, an abstract class's) or one a
 *     subclass may override, of code that is not the JDK, taking and returning only values
 *     (primitives, strings, their boxes, enum constants, records of values): an implementation or
 *     override the rewriter does not see (another module's, the tests', a lambda) may answer it
 *     from state of its own, so without variants of the method APP records the answer and VAL
 *     replays it (decisions 0097, 0098). A method of the sources that a closure reaches has
 *     variants (decision 0098)
 */
public record CallFact(
    String target,
    String reported,
    boolean isStatic,
    String returnType,
    JdkApi seeded,
    boolean recordedShared,
    SnapshotUse snapshot,
    List<Integer> snapshotArguments,
    String siteType,
    boolean sharedGenerator,
    int varargsIndex,
    boolean identityHashed,
    List<String> checkedThrows,
    boolean answeredElsewhere) {

  public String name() {
    return target.substring(target.indexOf('#') + 1, target.indexOf('('));
  }
}
