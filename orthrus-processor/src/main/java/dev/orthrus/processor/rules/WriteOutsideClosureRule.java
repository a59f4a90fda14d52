package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.Call;
import dev.orthrus.processor.summary.FieldWrite;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.Receiver;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Control-path code (a method no closure reaches) writes a field of a user-data object. Objects
 * that are still being built are exempt: constructors and initializers writing their own fields,
 * and locals freshly allocated in the same method until the method hands them on ({@link
 * FieldWrite#shared}).
 */
public final class WriteOutsideClosureRule extends AbstractRule {

  /**
   * A private helper that fills in objects its callers just made ({@code Node n = new Node();
   * fill(n, v);}, or {@code n.fill(v)}): every call of it in the compilation passes, for the object
   * written, one allocated in the calling method, as a store written in that method would be.
   */
  private static boolean fillsNewObjects(MethodSummary method, FieldWrite write, List<Call> calls) {
    if (method.element() == null
        || !method.element().getModifiers().contains(Modifier.PRIVATE)
        || calls.isEmpty()) {
      return false;
    }
    return switch (write.receiver()) {
      case PARAMETER ->
          calls.stream()
              .allMatch(
                  c ->
                      write.parameter() < c.arguments().size()
                          && c.arguments().get(write.parameter()) == Call.FRESH_ARGUMENT);
      case THIS -> calls.stream().allMatch(c -> c.receiver() == Call.FRESH_ARGUMENT);
      default -> false;
    };
  }

  private static boolean isPublic(MethodSummary method) {
    return method.element() != null && method.element().getModifiers().contains(Modifier.PUBLIC);
  }

  public WriteOutsideClosureRule() {
    super(Rule.WRITE_OUTSIDE_CLOSURE);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    Map<String, List<Call>> callsTo = new HashMap<>();
    for (MethodSummary method : context.dataPath().methods()) {
      for (Call call : method.calls()) {
        callsTo.computeIfAbsent(call.target(), k -> new ArrayList<>()).add(call);
      }
    }
    for (MethodSummary method : context.dataPath().methods()) {
      if (context.dataPath().isDataPath(method.id())) {
        continue;
      }
      for (FieldWrite write : method.fieldWrites()) {
        if (write.userData()
            && write.receiver() != Receiver.STATIC
            && (write.receiver() != Receiver.FRESH || write.shared())
            && !fillsNewObjects(method, write, callsTo.getOrDefault(method.id(), List.of()))) {
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
