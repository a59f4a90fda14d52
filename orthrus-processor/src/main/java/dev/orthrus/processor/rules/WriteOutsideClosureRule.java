package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.FieldWrite;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.Receiver;
import javax.lang.model.element.Modifier;

/**
 * Control-path code (a method no closure reaches) writes a field of a user-data object. Objects
 * that are still being built are exempt: constructors and initializers writing their own fields,
 * and locals freshly allocated in the same method until the method hands them on ({@link
 * FieldWrite#shared}).
 */
public final class WriteOutsideClosureRule extends AbstractRule {

  private static boolean isPublic(MethodSummary method) {
    return method.element() != null && method.element().getModifiers().contains(Modifier.PUBLIC);
  }

  public WriteOutsideClosureRule() {
    super(Rule.WRITE_OUTSIDE_CLOSURE);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (MethodSummary method : context.dataPath().methods()) {
      if (context.dataPath().isDataPath(method.id())) {
        continue;
      }
      for (FieldWrite write : method.fieldWrites()) {
        if (write.userData()
            && write.receiver() != Receiver.STATIC
            && (write.receiver() != Receiver.FRESH || write.shared())) {
          // A public method may be called by closures of modules this compilation does not see.
          String message =
              isPublic(method)
                  ? "`"
                      + method.id()
                      + "` is not a closure and no closure of this module calls it, but it"
                      + " writes user-data "
                      + write.describe()
                      + "; unless a closure of another protected module calls it (which validates"
                      + " the write with its own execution), no validator checks the write: move"
                      + " it into a @Closure method, or suppress this warning on the method if only"
                      + " other modules' closures call it"
                  : "`"
                      + method.id()
                      + "` is not a closure and no closure calls it, but it writes user-data "
                      + write.describe()
                      + "; no validator checks the write: move it into a @Closure method";
          findings.report(rule(), write.site(), message, null);
        }
      }
    }
  }
}
