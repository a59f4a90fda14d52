package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ArrayElementWrite;
import dev.orthrus.processor.summary.Call;
import dev.orthrus.processor.summary.CalleeArrayWrite;
import dev.orthrus.processor.summary.FieldArrayWrite;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.PassedArrayWrite;
import dev.orthrus.processor.summary.PassedFieldArray;
import dev.orthrus.processor.summary.RecordHeldArray;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A store into an element of a primitive array held in a user-data field. Versions are immutable,
 * and a primitive array is part of its owner's version: the closure must assign a new array.
 * Checked everywhere, closures and control path alike.
 */
public final class ArrayElementWriteRule extends AbstractRule {

  public ArrayElementWriteRule() {
    super(Rule.ARRAY_ELEMENT_WRITE);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (MethodSummary method : context.dataPath().methods()) {
      for (ArrayElementWrite write : method.arrayElementWrites()) {
        String message =
            "`"
                + method.id()
                + "` stores into an element of `"
                + write.owner()
                + "."
                + write.field()
                + "`, a primitive array held by user data; versions are immutable, so "
                + (write.component()
                    ? "hold a new record instead, made with a changed copy of the array (a record's"
                        + " component cannot be assigned)"
                    : "assign a new array instead (e.g. copy, change the copy, then `"
                        + write.field()
                        + " = copy`)");
        reportWherever(context, findings, method.id(), write.site(), message);
      }
    }
    Map<String, Set<Integer>> kept = keptParameters(context);
    for (MethodSummary method : context.dataPath().methods()) {
      for (PassedArrayWrite write : method.passedArrayWrites()) {
        if (kept.getOrDefault(write.callee(), Set.of()).contains(write.argument())) {
          String message =
              "`"
                  + method.id()
                  + "` stores into an element of `"
                  + write.local()
                  + "` after passing it to `"
                  + write.callee()
                  + "`, which keeps that array in user data: the store changes a version in place;"
                  + " pass a copy (`"
                  + write.local()
                  + ".clone()`) or finish the array before the call";
          reportWherever(context, findings, method.id(), write.site(), message);
        }
      }
    }
    Map<String, String> keptFields = keptFields(context, kept);
    Map<String, RecordHeldArray> recordHeld = recordHeldArrays(context);
    Map<String, Set<Integer>> written = writtenParameters(context);
    for (MethodSummary method : context.dataPath().methods()) {
      for (FieldArrayWrite write : method.fieldArrayWrites()) {
        String field = write.owner() + "." + write.field();
        String keeper = keptFields.get(field);
        RecordHeldArray held = recordHeld.get(field);
        if (keeper == null && held != null) {
          String message =
              "`"
                  + method.id()
                  + "` stores into an element of `"
                  + field
                  + "`, a record's component that holds the array of `"
                  + held.source()
                  + "` (the record is made with it at "
                  + RuleContext.fileAndLine(held.site().position())
                  + "): the store changes user data's version in place; make the record with a"
                  + " copy (`"
                  + held.source().substring(held.source().lastIndexOf('.') + 1)
                  + ".clone()`), or write into a copy of the record's array";
          reportWherever(context, findings, method.id(), write.site(), message);
        } else if (keeper != null) {
          String message =
              "`"
                  + method.id()
                  + "` stores into an element of `"
                  + field
                  + "`, whose array "
                  + keeper
                  + ", which keeps it in user data: the store may change a version in place;"
                  + " pass a copy (`"
                  + write.field()
                  + ".clone()`) or assign `"
                  + write.field()
                  + "` a new array before writing into it";
          reportWherever(context, findings, method.id(), write.site(), message);
        }
      }
    }
    for (MethodSummary method : context.dataPath().methods()) {
      for (CalleeArrayWrite write : method.calleeArrayWrites()) {
        if (writes(context, written, write.call(), write.argument())) {
          String message = calleeWriteMessage(method, write, kept, keptFields);
          if (message != null) {
            reportWherever(context, findings, method.id(), write.store().site(), message);
          }
        }
      }
    }
  }

  /**
   * The finding for a primitive array passed to a callee that stores into it, or null when the
   * array is not (or not yet) part of a version.
   */
  private static String calleeWriteMessage(
      MethodSummary method,
      CalleeArrayWrite write,
      Map<String, Set<Integer>> kept,
      Map<String, String> keptFields) {
    String callee = write.call().target();
    String advice = ", then assign the copy back";
    if (write.store() instanceof ArrayElementWrite store) {
      return "`"
          + method.id()
          + "` passes `"
          + store.owner()
          + "."
          + store.field()
          + "`, a primitive array held by user data, to `"
          + callee
          + "`, which stores into its elements; versions are immutable, so pass a copy (`"
          + store.field()
          + ".clone()`)"
          + advice
          + " (`"
          + store.field()
          + " = copy`)";
    }
    if (write.store() instanceof FieldArrayWrite store) {
      String field = store.owner() + "." + store.field();
      String keeper = keptFields.get(field);
      return keeper == null
          ? null
          : "`"
              + method.id()
              + "` passes `"
              + field
              + "` to `"
              + callee
              + "`, which stores into its elements, and its array "
              + keeper
              + ", which keeps it in user data: the store may change a version in place;"
              + " pass a copy (`"
              + store.field()
              + ".clone()`)"
              + advice;
    }
    if (write.store() instanceof PassedArrayWrite store
        && kept.getOrDefault(store.callee(), Set.of()).contains(store.argument())) {
      return "`"
          + method.id()
          + "` passes `"
          + store.local()
          + "` to `"
          + callee
          + "`, which stores into its elements, after passing it to `"
          + store.callee()
          + "`, which keeps that array in user data: the store changes a version in place;"
          + " pass a copy (`"
          + store.local()
          + ".clone()`) or finish the array before the first call";
    }
    return null;
  }

  /** Record components made with a user-data primitive array, by {@code record.component}. */
  private static Map<String, RecordHeldArray> recordHeldArrays(RuleContext context) {
    Map<String, RecordHeldArray> held = new HashMap<>();
    for (MethodSummary method : context.dataPath().methods()) {
      for (RecordHeldArray array : method.recordHeldArrays()) {
        held.putIfAbsent(array.record() + "." + array.component(), array);
      }
    }
    return held;
  }

  /** Whether some method the call may run stores into the elements of its parameter {@code j}. */
  private static boolean writes(
      RuleContext context, Map<String, Set<Integer>> written, Call call, int j) {
    for (MethodSummary callee : context.dataPath().targets(call)) {
      if (written.getOrDefault(callee.id(), Set.of()).contains(j)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Which primitive-array parameters of each method have their elements stored into: by the method
   * itself, or by the callees it passes them to as they are, overrides included (to a fixpoint).
   */
  private static Map<String, Set<Integer>> writtenParameters(RuleContext context) {
    return passedOn(
        context,
        MethodSummary::writtenParameters,
        call -> context.dataPath().targets(call).stream().map(MethodSummary::id).toList());
  }

  /**
   * Fields whose primitive array some method passes, as it is, to a callee that keeps it: {@code
   * owner.field} to a description of one such call.
   */
  private static Map<String, String> keptFields(
      RuleContext context, Map<String, Set<Integer>> kept) {
    Map<String, String> fields = new HashMap<>();
    for (MethodSummary method : context.dataPath().methods()) {
      for (PassedFieldArray passed : method.passedFieldArrays()) {
        if (kept.getOrDefault(passed.callee(), Set.of()).contains(passed.argument())) {
          fields.putIfAbsent(
              passed.owner() + "." + passed.field(),
              "`" + method.id() + "` passes to `" + passed.callee() + "`");
        }
      }
    }
    return fields;
  }

  /**
   * Which parameters of each method end up held by user data as they are: those it stores into a
   * user-data field itself, and those it passes on, as they are, where a callee keeps them (to a
   * fixpoint).
   */
  private static Map<String, Set<Integer>> keptParameters(RuleContext context) {
    return passedOn(context, MethodSummary::keptParameters, call -> List.of(call.target()));
  }

  /**
   * The parameters of each method that {@code own} gives it, and those it passes, as they are, to
   * such a parameter of a method the call runs ({@code callees}), to a fixpoint.
   */
  private static Map<String, Set<Integer>> passedOn(
      RuleContext context,
      Function<MethodSummary, Set<Integer>> own,
      Function<Call, List<String>> callees) {
    Map<String, Set<Integer>> found = new HashMap<>();
    for (MethodSummary method : context.dataPath().methods()) {
      if (!own.apply(method).isEmpty()) {
        found.put(method.id(), new HashSet<>(own.apply(method)));
      }
    }
    boolean grew = !found.isEmpty();
    while (grew) {
      grew = false;
      for (MethodSummary method : context.dataPath().methods()) {
        for (Call call : method.calls()) {
          if (call.arguments().stream().noneMatch(origin -> origin >= 0)) {
            continue;
          }
          List<String> targets = callees.apply(call);
          for (int j = 0; j < call.arguments().size(); j++) {
            int parameter = call.arguments().get(j);
            int index = j;
            if (parameter >= 0
                && targets.stream().anyMatch(id -> found.getOrDefault(id, Set.of()).contains(index))
                && found.computeIfAbsent(method.id(), k -> new HashSet<>()).add(parameter)) {
              grew = true;
            }
          }
        }
      }
    }
    return found;
  }
}
