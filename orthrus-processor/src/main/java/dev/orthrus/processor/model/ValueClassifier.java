package dev.orthrus.processor.model;

import dev.orthrus.model.ValueKind;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Decides how a validator can compare a closure input or output with APP's (rule {@code
 * orthrus.closure.signature}).
 */
public final class ValueClassifier {

  private static final Set<String> BOXED =
      Set.of(
          "java.lang.Boolean",
          "java.lang.Byte",
          "java.lang.Short",
          "java.lang.Character",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Float",
          "java.lang.Double");

  private final Elements elements;
  private final Types types;

  public ValueClassifier(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  public ValueKind classify(TypeMirror type) {
    return classify(type, new HashSet<>());
  }

  private ValueKind classify(TypeMirror type, Set<String> visiting) {
    if (type.getKind() == TypeKind.VOID) {
      return ValueKind.VOID;
    }
    if (type.getKind().isPrimitive()) {
      return ValueKind.PRIMITIVE;
    }
    if (type instanceof ArrayType array) {
      return classify(array.getComponentType(), visiting).comparable()
          ? ValueKind.ARRAY
          : ValueKind.NOT_COMPARABLE;
    }
    if (type instanceof TypeVariable variable) {
      // A type variable is as comparable as its bound: Object's identity equals is not.
      return classify(variable.getUpperBound(), visiting);
    }
    if (type instanceof IntersectionType intersection) {
      // A bound of a type variable such as <T extends Number & Comparable<T>>: its object is one of
      // every bound, compared as the first bound that compares by value says.
      for (TypeMirror bound : intersection.getBounds()) {
        ValueKind kind = classify(bound, visiting);
        if (kind.comparable()) {
          return kind;
        }
      }
      return ValueKind.NOT_COMPARABLE;
    }
    // Not instanceof: javac's intersection type is a DeclaredType whose class has no members.
    if (type.getKind() != TypeKind.DECLARED) {
      return ValueKind.NOT_COMPARABLE;
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    String name = element.getQualifiedName().toString();
    if (BOXED.contains(name)) {
      return ValueKind.BOXED;
    }
    if (name.equals("java.lang.String")) {
      return ValueKind.STRING;
    }
    if (element.getKind() == ElementKind.ENUM) {
      return ValueKind.ENUM;
    }
    if (OrthrusAnnotations.isUserData(element)) {
      return ValueKind.USER_DATA;
    }
    if (!visiting.add(name)) {
      return ValueKind.RECORD; // a recursive record: judged by its other components
    }
    try {
      if (element.getKind() == ElementKind.RECORD) {
        for (RecordComponentElement component : element.getRecordComponents()) {
          TypeMirror componentType =
              types.asMemberOf(declared, component.getAccessor())
                      instanceof javax.lang.model.type.ExecutableType accessor
                  ? accessor.getReturnType()
                  : component.asType();
          if (!classify(componentType, visiting).comparable()) {
            return ValueKind.NOT_COMPARABLE;
          }
        }
        return ValueKind.RECORD;
      }
      if (overridesEquals(element) && typeArgumentsComparable(declared, visiting)) {
        return ValueKind.EQUALS;
      }
      if (permitsOnlyComparable(element, visiting)) {
        return ValueKind.EQUALS;
      }
      return ValueKind.NOT_COMPARABLE;
    } finally {
      visiting.remove(name);
    }
  }

  /**
   * A sealed class or interface whose permitted subclasses are all comparable ({@code sealed
   * interface Shape permits Circle, Square} over records): every object of the type is one of them.
   */
  private boolean permitsOnlyComparable(TypeElement element, Set<String> visiting) {
    if (element.getPermittedSubclasses().isEmpty()) {
      return false;
    }
    for (TypeMirror permitted : element.getPermittedSubclasses()) {
      if (!classify(permitted, visiting).comparable()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Collections compare their elements with {@code equals}: an array element would be compared by
   * identity, so arrays are not allowed as type arguments.
   */
  private boolean typeArgumentsComparable(DeclaredType declared, Set<String> visiting) {
    for (TypeMirror argument : declared.getTypeArguments()) {
      TypeMirror t = argument;
      if (t.getKind() == TypeKind.WILDCARD) {
        TypeMirror bound = ((javax.lang.model.type.WildcardType) t).getExtendsBound();
        if (bound == null) {
          return false;
        }
        t = bound;
      }
      if (t.getKind() == TypeKind.ARRAY || !classify(t, visiting).comparable()) {
        return false;
      }
    }
    return true;
  }

  /** The class or interface declares or inherits an {@code equals(Object)} other than Object's. */
  public boolean overridesEquals(TypeElement element) {
    if (element.getQualifiedName().contentEquals("java.lang.Object")) {
      return false;
    }
    for (Element member : elements.getAllMembers(element)) {
      if (member.getKind() == ElementKind.METHOD
          && member.getSimpleName().contentEquals("equals")) {
        ExecutableElement method = (ExecutableElement) member;
        if (method.getParameters().size() == 1
            && types
                .erasure(method.getParameters().get(0).asType())
                .toString()
                .equals("java.lang.Object")
            && !((TypeElement) method.getEnclosingElement())
                .getQualifiedName()
                .contentEquals("java.lang.Object")) {
          return true;
        }
      }
    }
    return false;
  }
}
