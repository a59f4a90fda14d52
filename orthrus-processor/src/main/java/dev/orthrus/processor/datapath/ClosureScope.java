package dev.orthrus.processor.datapath;

import dev.orthrus.processor.summary.MethodSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One closure and the methods of this compilation it reaches through resolved calls, each with the
 * call chain that reaches it.
 */
public final class ClosureScope {

  private final MethodSummary closure;
  private final Map<String, MethodSummary> methods = new LinkedHashMap<>();
  private final Map<String, List<String>> chains = new LinkedHashMap<>();

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
