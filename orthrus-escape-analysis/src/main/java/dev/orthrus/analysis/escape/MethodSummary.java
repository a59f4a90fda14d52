package dev.orthrus.analysis.escape;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import soot.SootField;
import soot.Type;

/**
 * What a method does with its arguments, as seen by its callers.
 *
 * <ul>
 *   <li>{@link #param(int)}: where the argument may be reachable from afterwards (returned, thrown,
 *       stored into another argument's structure, user data, global).
 *   <li>{@link #paramLives(int)}: where the objects inside the argument may end up because of the
 *       call (loaded out of it and returned, stored elsewhere, ...).
 *   <li>{@link #result()}: where the returned object lives: another argument's structure, user
 *       data, global, or {@link Escapes#RETURNED} for "a fresh object".
 *   <li>{@link #resultOrigins()}: where the returned object comes from (empty: allocated by the
 *       call).
 *   <li>{@link #storedInFields()} and {@link #storedElsewhere()}: where the objects the method
 *       stores into objects its caller can see (inside a parameter, or the result) come from, per
 *       field and for array elements, container contents and unknown places, so a caller that loads
 *       them back out of its own objects knows what it gets.
 *   <li>{@link #thrownOrigins()} and {@link #thrownTypes()}: the exceptions it lets escape.
 *   <li>{@link #writes()}: whose structures the method stores into.
 * </ul>
 */
public final class MethodSummary {

  /**
   * A pseudo-parameter: the value the method loads from field {@code field} of parameter {@code
   * param} (-1: the receiver). Callers resolve it as that field of their argument, so what a method
   * does with {@code this.items} is not confused with what it does with the rest of {@code this}.
   */
  public record ParamField(int param, SootField field) {}

  /** In {@link #storedInFields()}: stored into (an object inside) the method's result. */
  public static final int RESULT = -2;

  private final int realParameterCount;
  private final List<ParamField> paramFields;
  private final List<Escapes> params = new ArrayList<>();
  private final List<Escapes> paramLives = new ArrayList<>();
  private final Escapes result = new Escapes();
  private final Escapes writes = new Escapes();
  private final Origins resultOrigins = new Origins();
  private final Map<ParamField, Origins> storedInFields = new HashMap<>();
  private final Origins storedElsewhere = new Origins();
  private final Origins thrownOrigins = new Origins();
  private final Set<Type> thrownTypes = new LinkedHashSet<>();

  /** Incremented whenever {@link #absorb} adds something, so unions of summaries can be cached. */
  private int version;

  MethodSummary(int parameterCount) {
    this(parameterCount, List.of());
  }

  MethodSummary(int parameterCount, List<ParamField> paramFields) {
    this.realParameterCount = parameterCount;
    this.paramFields = new ArrayList<>();
    grow(parameterCount + 1);
    addParamFields(paramFields);
  }

  private void addParamFields(List<ParamField> fields) {
    for (int i = paramFields.size(); i < fields.size(); i++) {
      paramFields.add(fields.get(i));
    }
    grow(realParameterCount + paramFields.size() + 1);
  }

  private void grow(int size) {
    while (params.size() < size) {
      params.add(new Escapes());
      paramLives.add(new Escapes());
    }
  }

  /** Index -1 is the receiver. */
  public Escapes param(int index) {
    return index + 1 < params.size() ? params.get(index + 1) : new Escapes(Escapes.GLOBAL, 0);
  }

  /** Index -1 is the receiver. */
  public Escapes paramLives(int index) {
    return index + 1 < paramLives.size()
        ? paramLives.get(index + 1)
        : new Escapes(Escapes.GLOBAL, 0);
  }

  /** Parameters, then pseudo-parameters ({@link #paramFields()}), which follow the real ones. */
  public int parameterCount() {
    return params.size() - 1;
  }

  /** The method's own parameter count. */
  public int realParameterCount() {
    return realParameterCount;
  }

  /** The pseudo-parameters, indexed from {@link #realParameterCount()} on. */
  public List<ParamField> paramFields() {
    return java.util.Collections.unmodifiableList(paramFields);
  }

  public Escapes result() {
    return result;
  }

  public Escapes writes() {
    return writes;
  }

  public Origins resultOrigins() {
    return resultOrigins;
  }

  /**
   * Per field and per parameter (or pseudo-parameter, or {@link #RESULT}) inside whose structure
   * the stored-into object is: the origins of the values stored.
   */
  public Map<ParamField, Origins> storedInFields() {
    return storedInFields;
  }

  public Origins storedElsewhere() {
    return storedElsewhere;
  }

  public Origins thrownOrigins() {
    return thrownOrigins;
  }

  /** Static types of the exceptions that may leave the method; empty when none does. */
  public Set<Type> thrownTypes() {
    return thrownTypes;
  }

  /**
   * One summary for a call that may run any of several methods (same parameters): each of their
   * effects, pseudo-parameters merged by field, and their stores into fields counted as stored
   * somewhere (field by field is for calls of one method).
   */
  static MethodSummary union(List<MethodSummary> all) {
    int real = all.get(0).realParameterCount;
    List<ParamField> fields = new ArrayList<>();
    for (MethodSummary s : all) {
      for (ParamField pf : s.paramFields) {
        if (!fields.contains(pf)) {
          fields.add(pf);
        }
      }
    }
    MethodSummary out = new MethodSummary(real, fields);
    for (MethodSummary s : all) {
      // Bit i + 1 of a place set is parameter i; a pseudo-parameter moves to its merged index.
      int[] to = new int[s.params.size()];
      for (int i = 0; i < to.length; i++) {
        to[i] = i <= real ? i : real + 1 + fields.indexOf(s.paramFields.get(i - real - 1));
      }
      for (int k = -1; k < s.parameterCount() && k < out.parameterCount(); k++) {
        int at = to[k + 1] - 1;
        out.param(at).addAll(remap(s.param(k), to));
        out.paramLives(at).addAll(remap(s.paramLives(k), to));
      }
      out.result.addAll(remap(s.result, to));
      out.writes.addAll(remap(s.writes, to));
      out.resultOrigins.addAll(remap(s.resultOrigins, to));
      out.thrownOrigins.addAll(remap(s.thrownOrigins, to));
      out.storedElsewhere.addAll(remap(s.storedElsewhere, to));
      out.thrownTypes.addAll(s.thrownTypes);
      s.storedInFields.values().forEach(o -> out.storedElsewhere.addAll(remap(o, to)));
    }
    return out;
  }

  private static long remap(long bits, int[] to) {
    long out = 0;
    for (int bit = 0; bit < 64; bit++) {
      if ((bits & (1L << bit)) != 0) {
        out |= bit < to.length ? 1L << to[bit] : 1L << bit;
      }
    }
    return out;
  }

  private static Escapes remap(Escapes e, int[] to) {
    Escapes out = new Escapes(e.flags, remap(e.params, to));
    out.inner = remap(e.inner, to);
    return out;
  }

  private static Origins remap(Origins o, int[] to) {
    Origins out = new Origins();
    out.flags = o.flags;
    out.self = remap(o.self, to);
    out.inner = remap(o.inner, to);
    return out;
  }

  int version() {
    return version;
  }

  /** Grows this summary to include {@code other}; true when something was added. */
  boolean absorb(MethodSummary other) {
    // Pseudo-parameters only ever get appended (EscapeSummaries keeps one list per method).
    boolean changed = other.paramFields.size() > paramFields.size();
    addParamFields(other.paramFields);
    for (int i = 0; i < other.params.size(); i++) {
      changed |= params.get(i).addAll(other.params.get(i));
      changed |= paramLives.get(i).addAll(other.paramLives.get(i));
    }
    changed |= result.addAll(other.result);
    changed |= writes.addAll(other.writes);
    changed |= resultOrigins.addAll(other.resultOrigins);
    for (Map.Entry<ParamField, Origins> e : other.storedInFields.entrySet()) {
      changed |=
          storedInFields.computeIfAbsent(e.getKey(), k -> new Origins()).addAll(e.getValue());
    }
    changed |= storedElsewhere.addAll(other.storedElsewhere);
    changed |= thrownOrigins.addAll(other.thrownOrigins);
    changed |= thrownTypes.addAll(other.thrownTypes);
    if (changed) {
      version++;
    }
    return changed;
  }

  @Override
  public String toString() {
    return "params="
        + params
        + " result="
        + result
        + " writes="
        + writes
        + " resultOrigins="
        + resultOrigins
        + " stored="
        + storedInFields
        + " "
        + storedElsewhere
        + " thrown="
        + thrownTypes;
  }
}
