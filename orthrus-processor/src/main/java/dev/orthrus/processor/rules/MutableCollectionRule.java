package dev.orthrus.processor.rules;

import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import dev.orthrus.processor.summary.UserDataMutation;
import dev.orthrus.processor.summary.UserDataType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;

/**
 * A mutable JDK object reachable from user data: a {@code @UserData} field declared with a mutable
 * JDK type (or an array, type argument or record component of one), a mutable object or view stored
 * into a user-data field, or a call that changes one in place. Versions are immutable snapshots of
 * user-data fields: an object that changes under a field is neither versioned nor validated, and a
 * validator re-executing the closure would change the application's object a second time. See
 * docs/decisions/0018-collections-in-user-data.md.
 */
public final class MutableCollectionRule extends AbstractRule {

  static final String FIX =
      "use a persistent collection (org.pcollections: `HashTreePMap`, `TreePVector`, "
          + "...; a change is a new value, assigned to the field), an immutable copy (`List.copyOf`, `Map.copyOf`, "
          + "`List.of`), or @UserData node classes";

  /** For an atomic or an adder: a field of the user-data class is already what it offers. */
  static final String ATOMIC_FIX =
      "hold the value in a plain field of the @UserData class instead (`long hits;`, versioned and"
          + " validated like any other; threads that share the object call its closures under a"
          + " lock)";

  /**
   * For a cursor, a stream, a codec, a synchronizer or a future, which each call (or another
   * thread) changes: a service's field holds it instead.
   */
  static final String STATEFUL_FIX =
      "keep it in a field of a class that is not @UserData (a closure's calls on it are recorded"
          + " and made once), and hold in user data what it gives (a position, a count)";

  /** Fragments of the names of the types {@link #STATEFUL_FIX} is for. */
  private static final List<String> STATEFUL =
      List.of(
          "java.io.",
          "Appendable",
          "Readable",
          "Iterator",
          "Spliterator",
          "Enumeration",
          "Tokenizer",
          "Scanner",
          "Matcher",
          "Latch",
          "CyclicBarrier",
          "Phaser",
          "Exchanger",
          "Future",
          "java.util.Formatter",
          "Deflater",
          "Inflater",
          "Charset",
          "javax.crypto.",
          "Signature");

  /** The advice for {@code what}, a description that names the mutable type. */
  static String fix(String what) {
    if (what.contains("java.util.concurrent.atomic.")) {
      return ATOMIC_FIX;
    }
    return STATEFUL.stream().anyMatch(what::contains) ? STATEFUL_FIX : FIX;
  }

  public MutableCollectionRule() {
    super(Rule.MUTABLE_COLLECTION);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (UserDataType declared : context.userDataTypes()) {
      for (UserDataType.Field field : declared.fields()) {
        String mutable = mutableIn(context, field.element().asType(), new HashSet<>());
        if (mutable != null) {
          findings.report(
              rule(),
              field.site(),
              "user-data field `"
                  + context.names().binaryName(declared.type())
                  + "."
                  + field.element().getSimpleName()
                  + "` holds "
                  + mutable
                  + ", whose changes are neither "
                  + "versioned nor validated; "
                  + fix(mutable),
              null);
        }
      }
    }
    for (MethodSummary method : context.dataPath().methods()) {
      for (UserDataMutation m : method.userDataMutations()) {
        String message =
            switch (m.kind()) {
              case HANDLE ->
                  "`"
                      + method.id()
                      + "` makes a field updater or VarHandle ("
                      + m.what()
                      + ") for user-data field `"
                      + m.field()
                      + "`: what it writes changes the field in place, neither versioned nor"
                      + " validated, and the next closure that checks the object reports the change"
                      + " as corruption; update the field in a closure instead (threads that"
                      + " share the object call it under a lock), or keep the atomic value outside"
                      + " user data";
              case STORE ->
                  "`"
                      + method.id()
                      + "` stores "
                      + m.what()
                      + " in user-data field `"
                      + m.field()
                      + "`; its changes "
                      + "would be neither versioned nor validated: "
                      + fix(m.what());
              case MUTATION ->
                  "`"
                      + method.id()
                      + "` calls `"
                      + m.what()
                      + "` on the object held in user-data field `"
                      + m.field()
                      + "`, which changes it in place; the change is neither versioned nor validated,"
                      + " and a validator would repeat it on the application's object: "
                      + fix(m.what());
            };
        reportWherever(context, findings, method.id(), m.site(), message);
      }
    }
  }

  /** How a mutable JDK type is reachable from {@code type}, or null when none is. */
  static String mutableIn(RuleContext context, TypeMirror type, Set<String> visiting) {
    if (type instanceof ArrayType array) {
      String inner =
          array.getComponentType().getKind().isPrimitive()
              ? null
              : mutableIn(context, array.getComponentType(), visiting);
      return inner == null ? null : "an array of " + inner;
    }
    if (!(type instanceof DeclaredType declared) || type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    TypeElement element = (TypeElement) declared.asElement();
    String name = context.names().binaryName(element);
    if (OrthrusAnnotations.isUserData(element) || !visiting.add(name)) {
      return null; // user data versions itself
    }
    if (JdkApis.mutableType(name, api -> context.isA(type, api)) != null) {
      return "a mutable `" + name + "`";
    }
    for (TypeMirror argument : declared.getTypeArguments()) {
      TypeMirror t = argument instanceof WildcardType w ? w.getExtendsBound() : argument;
      String inner = t == null ? null : mutableIn(context, t, visiting);
      if (inner != null) {
        return "`" + name + "` of " + inner;
      }
    }
    if (element.getKind() == ElementKind.RECORD) {
      for (RecordComponentElement component : element.getRecordComponents()) {
        String inner = mutableIn(context, component.asType(), visiting);
        if (inner != null) {
          return "record `"
              + name
              + "` whose component `"
              + component.getSimpleName()
              + "` is "
              + inner;
        }
      }
    }
    return null;
  }
}
