package dev.orthrus.processor.summary;

import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * A resolved call, including constructor calls made by {@code new}.
 *
 * @param target the callee's id, {@code owner#name(erased,params)}
 * @param callee the callee element (used to find overriding methods in the compilation)
 * @param site where the call is written
 * @param arguments where each argument's object comes from: the caller's parameter index, {@link
 *     #FRESH_ARGUMENT} for an object allocated in the caller, {@link #OTHER_ARGUMENT} otherwise
 * @param receiver where the receiver of an instance method comes from: as for an argument, or
 *     {@link #CALLER_RECEIVER}; constructors' receivers are new objects and are not tracked here
 * @param receiverClass the class or interface of the receiver's static type (erased), or null when
 *     not known: an override the call may run is declared in it or below it
 * @param exact the call runs {@code callee} itself, whatever the receiver's class ({@code
 *     super.m()}): no override of it
 * @param chain the calls of abstract methods the receiver is the value of, outermost first, when
 *     {@code receiver} holds only if each returns its own receiver ({@code b.currency(c)} in {@code
 *     b.currency(c).cents(n)}, an abstract setter): the data path checks the implementations each
 *     may run
 */
public record Call(
    String target,
    ExecutableElement callee,
    Site site,
    List<Integer> arguments,
    int receiver,
    TypeElement receiverClass,
    boolean exact,
    List<Call> chain) {

  public Call(
      String target,
      ExecutableElement callee,
      Site site,
      List<Integer> arguments,
      int receiver,
      TypeElement receiverClass) {
    this(target, callee, site, arguments, receiver, receiverClass, false, List.of());
  }

  /**
   * An argument allocated in the calling method ({@code new ...} or a local only assigned from it).
   */
  public static final int FRESH_ARGUMENT = -1;

  /** Any other argument. */
  public static final int OTHER_ARGUMENT = -2;

  /** The calling method's own receiver ({@code this.m()}, {@code m()}, {@code super.m()}). */
  public static final int CALLER_RECEIVER = -3;

  /** A call whose receiver nothing is known about (or that has none). */
  public Call(String target, ExecutableElement callee, Site site, List<Integer> arguments) {
    this(target, callee, site, arguments, OTHER_ARGUMENT, null);
  }

  public Call(String target, ExecutableElement callee, Site site) {
    this(target, callee, site, List.of());
  }
}
