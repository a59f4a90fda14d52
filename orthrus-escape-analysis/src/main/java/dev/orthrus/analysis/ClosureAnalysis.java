package dev.orthrus.analysis;

import dev.orthrus.model.ClosureModel;
import java.util.List;
import java.util.Objects;

/**
 * What the bytecode analysis found for one closure: its {@link ClosureModel} as the bytecode alone
 * describes it, plus the explanations that have no place in {@code closures.json}.
 *
 * @param model the closure from bytecode: source is the SourceFile attribute and the first line of
 *     the body, parameter names come from the LocalVariableTable (when compiled with -g), calls are
 *     those of the closure body itself, {@code reachableMethods} is sorted, allocations carry their
 *     escape state in this closure, and {@code diagnostics} is empty
 * @param tagReasons one line per instruction or call that caused a tag
 * @param userDataValues parameters, locals and fields of the reached methods that may hold user
 *     data
 * @param unknownCallees callees in classes that were not found (phantoms), treated as may-escape
 */
public record ClosureAnalysis(
    ClosureModel model,
    List<String> tagReasons,
    List<String> userDataValues,
    List<String> unknownCallees) {

  public ClosureAnalysis {
    Objects.requireNonNull(model, "model");
    tagReasons = List.copyOf(tagReasons);
    userDataValues = List.copyOf(userDataValues);
    unknownCallees = List.copyOf(unknownCallees);
  }
}
