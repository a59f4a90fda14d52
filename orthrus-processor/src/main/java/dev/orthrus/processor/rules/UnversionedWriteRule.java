package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.FieldWrite;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import dev.orthrus.processor.summary.Receiver;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;

/**
 * A closure writes a field of an object that is neither {@code @UserData} nor allocated inside the
 * closure. Objects the closure allocates itself (tracked through locals, constructors, the
 * parameters and receivers of the methods it hands them to, and chains of calls that return their
 * receiver) are private to the execution and may be written freely, and so are the objects of an
 * anonymous or local class declared in a closure's body, which only the executions that make them
 * run.
 */
public final class UnversionedWriteRule extends AbstractRule {

  public UnversionedWriteRule() {
    super(Rule.UNVERSIONED_WRITE);
  }

  /**
   * An anonymous or local class declared in a closure's body (directly, in a lambda there, or in
   * another such class). The rewriter gives its methods no variants (one that touches user data is
   * refused there): each variant of the closure makes and runs its own objects of it, and a call of
   * one that another execution made is answered once, by APP (decision 0100). A write to a field of
   * {@code this} in such a class therefore never runs twice on one object.
   */
  private static boolean declaredInClosure(TypeElement type) {
    Element enclosing = type;
    while (enclosing instanceof TypeElement t
        && (t.getNestingKind() == NestingKind.ANONYMOUS
            || t.getNestingKind() == NestingKind.LOCAL)) {
      enclosing = t.getEnclosingElement();
      if (enclosing instanceof ExecutableElement m && OrthrusAnnotations.isClosure(m)) {
        return true;
      }
      while (enclosing instanceof ExecutableElement) {
        enclosing = enclosing.getEnclosingElement();
      }
    }
    return false;
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      for (MethodSummary method : scope.methods()) {
        for (FieldWrite write : method.fieldWrites()) {
          if (write.userData()
              || write.receiver() == Receiver.STATIC
              || write.receiver() == Receiver.FRESH
              || write.receiver() == Receiver.PARAMETER
                  && scope.freshParameter(method.id(), write.parameter())
              || write.receiver() == Receiver.THIS
                  && (scope.freshReceiver(method.id()) || declaredInClosure(method.owner()))) {
            continue;
          }
          String object =
              write.receiver() == Receiver.THIS
                  ? "`this` (a `" + write.receiverType() + "`, not @UserData)"
                  : "an object of type `"
                      + write.receiverType()
                      + "` that is not @UserData and not allocated here";
          findings.report(
              rule(),
              write.site(),
              RuleContext.closureName(scope, method.id())
                  + " writes "
                  + write.describe()
                  + " of "
                  + object
                  + RuleContext.via(scope, method.id())
                  + "; the write is not versioned, so a validator cannot check it: "
                  + (write.element()
                      ? "for a scratch buffer, use an array the closure allocates (a local, or"
                          + " a parameter its caller makes); for data, annotate the class"
                          + " @UserData, whose arrays are written as copies"
                          + " (orthrus.userdata.array-element-write)"
                      : JavaNames.isLocalOrAnonymous(write.receiverType())
                          ? "an anonymous or local class cannot be @UserData: declare the class"
                              + " in the closure that uses its objects (whose own fields it may then"
                              + " write), keep the state in a local of that closure (a one-element"
                              + " array or an AtomicLong it allocates), or in a @UserData object"
                          : "annotate the class @UserData"),
              scope.id());
        }
      }
    }
  }
}
