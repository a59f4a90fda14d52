package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import dev.orthrus.processor.summary.UserDataType;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * A {@code @UserData} class must sit at the root of its hierarchy or extend another user-data
 * class: the runtime's versioned handle becomes the root, and fields inherited from any other class
 * could not be versioned. Records are allowed (their fields are final: nothing to version);
 * interfaces, annotation types and enums cannot be user data.
 */
public final class UserDataSuperclassRule extends AbstractRule {

  public UserDataSuperclassRule() {
    super(Rule.SUPERCLASS);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (UserDataType declared : context.userDataTypes()) {
      TypeElement type = declared.type();
      String name = context.names().binaryName(type);
      switch (type.getKind()) {
        case CLASS -> checkSuperclass(context, findings, declared, name);
        case ENUM ->
            findings.report(
                rule(),
                declared.annotation(),
                "enum `"
                    + name
                    + "` cannot be "
                    + "@UserData: its constants are created by the class initializer and shared by the whole program, "
                    + "and its superclass is java.lang.Enum, so the runtime cannot version them; remove @UserData "
                    + "(constants with only final fields are plain values) and keep mutable state in a @UserData class",
                null);
        case INTERFACE, ANNOTATION_TYPE ->
            findings.report(
                rule(),
                declared.annotation(),
                (type.getKind() == ElementKind.INTERFACE ? "interface" : "annotation type")
                    + " `"
                    + name
                    + "` cannot be @UserData: it has no instance fields to version, and the annotation "
                    + "is not inherited by implementing classes; annotate the classes that hold the data instead",
                null);
        default -> {} // records: every field is final, nothing to version
      }
    }
  }

  private void checkSuperclass(
      RuleContext context, Findings findings, UserDataType declared, String name) {
    TypeMirror superclass = declared.type().getSuperclass();
    if (superclass.getKind() != TypeKind.DECLARED) {
      return; // java.lang.Object itself, or an unresolved type javac already reports
    }
    TypeElement parent = (TypeElement) ((DeclaredType) superclass).asElement();
    if (parent.getQualifiedName().contentEquals("java.lang.Object")
        || OrthrusAnnotations.isUserData(parent)) {
      return;
    }
    String parentName = context.names().binaryName(parent);
    findings.report(
        rule(),
        declared.superclass() != null ? declared.superclass() : declared.annotation(),
        "@UserData class `"
            + name
            + "` extends `"
            + parentName
            + "`, which is not @UserData: the fields it "
            + "inherits could not be versioned, and the runtime's versioned handle must be the root of the "
            + "hierarchy; annotate `"
            + parentName
            + "` @UserData, or hold it in a field instead of extending it",
        null);
  }
}
