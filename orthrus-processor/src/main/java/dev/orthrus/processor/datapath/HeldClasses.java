package dev.orthrus.processor.datapath;

import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.TypeElement;

/**
 * The classes of the sources whose objects one closure's execution may hold, as the methods it
 * reaches tell (decision 0080): a class they instantiate, a class below a type of the sources that
 * their expressions have, a class below a type (the JDK's included) of a field they read or of an
 * argument the closure gets. A call through a JDK type reaches an override only in such a class:
 * any other object it may run on was made by the JDK itself, which makes no object of the sources
 * but by reflection, deserialization or a service loader (nor keeps one in its own static state but
 * a program's {@code Thread}). {@code @UserData} classes are always held: versioned memory holds
 * them from anywhere.
 */
final class HeldClasses {

  private final Function<TypeElement, List<TypeElement>> classesBelow;
  private final Set<TypeElement> created = new HashSet<>();
  private final Set<TypeElement> seen = new HashSet<>();
  private final Set<TypeElement> entering = new HashSet<>();
  private final Set<TypeElement> held = new HashSet<>();

  /** An argument or a field typed {@code Object} (or raw, or {@code ?}): it may be anything. */
  private boolean enteringObject;

  /**
   * @param classesBelow the classes of the sources that are a given class or interface or below it
   */
  HeldClasses(Function<TypeElement, List<TypeElement>> classesBelow) {
    this.classesBelow = classesBelow;
  }

  /** An entry of the closure's execution: its arguments come from its caller. */
  void enter(MethodSummary entry) {
    entering(entry.parameterTypes());
  }

  /** A method the closure's execution reaches. */
  void add(MethodSummary method) {
    created.addAll(method.createdClasses());
    seen.addAll(method.expressionTypes());
    entering(method.fieldReadTypes());
  }

  private void entering(Set<TypeElement> types) {
    for (TypeElement type : types) {
      if (entering.add(type) && type.getQualifiedName().contentEquals("java.lang.Object")) {
        enteringObject = true;
      }
    }
  }

  /**
   * Whether a method that {@code owner} declares may run on an object the execution holds: some
   * held class is {@code owner} or below it.
   */
  boolean mayRunOn(TypeElement owner) {
    for (TypeElement type : classesBelow.apply(owner)) {
      if (isHeld(type)) {
        return true;
      }
    }
    return false;
  }

  private boolean isHeld(TypeElement type) {
    if (held.contains(type)) {
      return true; // what the execution holds only grows
    }
    boolean isHeld =
        enteringObject
            || OrthrusAnnotations.isUserData(type)
            || created.contains(type)
            || DataPath.inheritsAny(type, t -> seen.contains(t) || entering.contains(t));
    if (isHeld) {
      held.add(type);
    }
    return isHeld;
  }
}
