package dev.orthrus.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One {@code @Closure} method: its identity, its inputs and outputs, what it touches, and what the
 * rules found. The processor fills the source-level fields; the bytecode analysis adds {@code
 * reachableMethods}, allocation escape states and {@code violations} (empty until then).
 *
 * @param id stable id, see {@link dev.orthrus.annotations.ClosureDescriptor#id()}
 * @param key {@link dev.orthrus.annotations.ClosureDescriptor#keyOf(String)} of the id
 * @param name display name ({@code @Closure(name=...)} or the method name)
 * @param owner binary name of the declaring class
 * @param method method name
 * @param signature method name with erased parameter types, e.g. {@code
 *     put(java.lang.String,byte[])}
 * @param source where it is declared
 * @param strict {@code @Closure(strict=true)}
 * @param comparison {@code EQUALS} or {@code RAW_BITS}
 * @param receiver the receiver ({@code this}), or null for a static closure
 * @param parameters the parameters, in order
 * @param result the result ({@link ValueKind#VOID} for void methods)
 * @param userDataReads loads of user-data fields, in the closure and the methods it calls
 * @param userDataWrites stores to user-data fields, in the closure and the methods it calls
 * @param allocations objects and arrays allocated
 * @param calls resolved method calls made by the closure body
 * @param nondeterministic calls whose results must be recorded and replayed (or are errors)
 * @param tags {@link Tag}s such as floating point and vector
 * @param diagnostics rule findings on this closure
 * @param reachableMethods methods reachable from the closure (bytecode analysis), as {@code
 *     owner#sig}
 * @param violations rule violations found through the call graph, with their call chains
 */
public record ClosureModel(
    String id,
    int key,
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
    List<FieldAccess> userDataReads,
    List<FieldAccess> userDataWrites,
    List<Allocation> allocations,
    List<CallSite> calls,
    List<NondeterministicCall> nondeterministic,
    Set<Tag> tags,
    List<Diagnostic> diagnostics,
    List<String> reachableMethods,
    List<Violation> violations) {

  public ClosureModel {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(result, "result");
    parameters = List.copyOf(parameters);
    userDataReads = List.copyOf(userDataReads);
    userDataWrites = List.copyOf(userDataWrites);
    allocations = List.copyOf(allocations);
    calls = List.copyOf(calls);
    nondeterministic = List.copyOf(nondeterministic);
    tags = Tag.sorted(tags);
    diagnostics = List.copyOf(diagnostics);
    reachableMethods = List.copyOf(reachableMethods);
    violations = List.copyOf(violations);
  }

  /** This closure with {@code more} after its diagnostics (a later stage's finding). */
  public ClosureModel withDiagnostic(Diagnostic more) {
    List<Diagnostic> all = new ArrayList<>(diagnostics);
    all.add(more);
    return new ClosureModel(
        id,
        key,
        name,
        owner,
        method,
        signature,
        source,
        strict,
        comparison,
        receiver,
        parameters,
        result,
        userDataReads,
        userDataWrites,
        allocations,
        calls,
        nondeterministic,
        tags,
        all,
        reachableMethods,
        violations);
  }
}
