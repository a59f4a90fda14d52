package dev.orthrus.processor.datapath;

import dev.orthrus.processor.summary.MethodSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One closure and the methods of this compilation it reaches through resolved calls, each with the
 * call chain that reaches it.
 */
public final class ClosureScope {

  private final MethodSummary closure;
  private final Map<String, MethodSummary> methods = new LinkedHashMap<>();
  private final Map<String, List<String>> chains = new LinkedHashMap<>();
  private final Set<String> sharedParameters = new HashSet<>();

  /** The parameter index that stands for a method's receiver in the shared set. */
  static final int RECEIVER = -1;

  ClosureScope(MethodSummary closure) {
    this.closure = closure;
  }

  void add(MethodSummary method, List<String> chain) {
    methods.put(method.id(), method);
    chains.put(method.id(), List.copyOf(chain));
  }

  public MethodSummary closure() {
    return closure;
  }

  public String id() {
    return closure.id();
  }

  /** The closure first, then the methods it reaches in breadth-first order. */
  public List<MethodSummary> methods() {
    return new ArrayList<>(methods.values());
  }

  void markShared(String methodId, int parameter) {
    sharedParameters.add(methodId + "/" + parameter);
  }

  boolean isShared(String methodId, int parameter) {
    return sharedParameters.contains(methodId + "/" + parameter);
  }

  /**
   * True when, in this closure's execution, the parameter only ever receives objects the closure
   * allocated: every call to the method on the closure's path passes a {@code new} object, a local
   * only assigned from one, or a parameter of its own that is fresh in the same sense.
   */
  public boolean freshParameter(String methodId, int parameter) {
    return reaches(methodId) && !isShared(methodId, parameter);
  }

  /**
   * True when, in this closure's execution, the method only ever runs on objects the closure
   * allocated: every call to it on the closure's path has such a receiver (a builder the closure
   * made, an instance of a local helper class), so it may write its own fields.
   */
  public boolean freshReceiver(String methodId) {
    return freshParameter(methodId, RECEIVER);
  }

  public boolean reaches(String methodId) {
    return methods.containsKey(methodId);
  }

  /**
   * The methods from the closure to {@code methodId}, both ends included; a single element for the
   * closure itself.
   */
  public List<String> chain(String methodId) {
    return chains.getOrDefault(methodId, Collections.emptyList());
  }
}
