package dev.orthrus.analysis;

import dev.orthrus.model.Allocation;
import dev.orthrus.model.CallSite;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Value;
import dev.orthrus.model.Violation;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the bytecode analysis found for one closure.
 *
 * @param id the closure id, {@code owner#name(erased,params)}
 * @param name display name ({@code @Closure(name=...)} or the method name)
 * @param owner binary name of the declaring class
 * @param method the method name
 * @param signature name with erased parameter types
 * @param source where the method is (file from the SourceFile attribute, first line of its body)
 * @param strict {@code @Closure(strict=true)}
 * @param comparison {@code EQUALS} or {@code RAW_BITS}
 * @param receiver {@code this}, or null for a static closure
 * @param parameters the parameters (names from the LocalVariableTable when compiled with -g)
 * @param result the result
 * @param reachableMethods the closure and every application method it may call, as ids, sorted
 * @param allocations every allocation site in those methods, with its escape state in this closure
 * @param userDataReads loads of {@code @UserData} fields in those methods
 * @param userDataWrites stores to {@code @UserData} fields in those methods
 * @param calls the calls made by the closure body itself
 * @param tags floating-point and vector tags
 * @param tagReasons one line per instruction or call that caused a tag
 * @param nondeterministic non-deterministic calls with the call chain that reaches them
 * @param violations unversioned writes and thread starts reachable from the closure
 * @param userDataValues parameters, locals and fields of the reached methods that may hold user data
 * @param unknownCallees callees in classes that were not found (phantoms), treated as may-escape
 */
public record ClosureAnalysis(
    String id,
    String name,
    String owner,
    String method,
    String signature,
    SourcePosition source,
    boolean strict,
    String comparison,
    Value receiver,
    List<Value> parameters,
    Value result,
    List<String> reachableMethods,
    List<Allocation> allocations,
    List<FieldAccess> userDataReads,
    List<FieldAccess> userDataWrites,
    List<CallSite> calls,
    Set<Tag> tags,
    List<String> tagReasons,
    List<NondeterministicCall> nondeterministic,
    List<Violation> violations,
    List<String> userDataValues,
    List<String> unknownCallees) {

  public ClosureAnalysis {
    Objects.requireNonNull(id, "id");
    parameters = List.copyOf(parameters);
    reachableMethods = List.copyOf(reachableMethods);
    allocations = List.copyOf(allocations);
    userDataReads = List.copyOf(userDataReads);
    userDataWrites = List.copyOf(userDataWrites);
    calls = List.copyOf(calls);
    tags = Set.copyOf(tags);
    tagReasons = List.copyOf(tagReasons);
    nondeterministic = List.copyOf(nondeterministic);
    violations = List.copyOf(violations);
    userDataValues = List.copyOf(userDataValues);
    unknownCallees = List.copyOf(unknownCallees);
  }
}
