package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * A method that overrides or implements a closure without being one itself. The closure's
 * dispatcher runs such an override as the virtual call would, unlogged: executions that reach it
 * are never validated, which the user could not tell from the build without this warning.
 */
public final class UnannotatedOverrideRule extends AbstractRule {

  public UnannotatedOverrideRule() {
    super(Rule.UNANNOTATED_OVERRIDE);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (MethodSummary method : context.dataPath().methods()) {
      ExecutableElement m = method.element();
      if (m == null
          || m.getKind() != ElementKind.METHOD
          || m.getModifiers().contains(Modifier.STATIC)
          || m.getModifiers().contains(Modifier.PRIVATE)
          || OrthrusAnnotations.isClosure(m)) {
        continue;
      }
      ExecutableElement closure = overriddenClosure(context, m);
      if (closure != null) {
        findings.report(
            rule(),
            method.declaration(),
            "`"
                + method.id()
                + "` overrides closure `"
                + context.names().methodId(closure)
                + "` but is not @Closure: a call of the closure that reaches it runs it"
                + " unlogged, never validated (a call from inside another closure's execution is"
                + " validated with it); annotate it @Closure",
            null);
      }
    }
  }

  /** The nearest closure among the supertypes' methods that {@code m} overrides, or null. */
  private static ExecutableElement overriddenClosure(RuleContext context, ExecutableElement m) {
    TypeElement owner = (TypeElement) m.getEnclosingElement();
    Deque<TypeMirror> pending = new ArrayDeque<>(context.types().directSupertypes(owner.asType()));
    Set<Element> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      TypeMirror next = pending.poll();
      if (!(next instanceof DeclaredType declared)
          || !(declared.asElement() instanceof TypeElement type)
          || !seen.add(type)) {
        continue;
      }
      for (Element member : type.getEnclosedElements()) {
        if (member instanceof ExecutableElement candidate
            && candidate.getSimpleName().equals(m.getSimpleName())
            && OrthrusAnnotations.isClosure(candidate)
            && context.elements().overrides(m, candidate, owner)) {
          return candidate;
        }
      }
      pending.addAll(context.types().directSupertypes(next));
    }
    return null;
  }
}
