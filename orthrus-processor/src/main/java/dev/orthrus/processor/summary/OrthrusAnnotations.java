package dev.orthrus.processor.summary;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Looks up the Orthrus annotations by name, so class files from the classpath work the same way.
 */
public final class OrthrusAnnotations {

  public static final String CLOSURE = "dev.orthrus.annotations.Closure";
  public static final String USER_DATA = "dev.orthrus.annotations.UserData";

  private OrthrusAnnotations() {}

  public static boolean isUserData(Element element) {
    return element instanceof TypeElement && find(element, USER_DATA) != null;
  }

  public static boolean isClosure(Element element) {
    return find(element, CLOSURE) != null;
  }

  public static AnnotationMirror find(Element element, String annotation) {
    if (element == null) {
      return null;
    }
    for (AnnotationMirror m : element.getAnnotationMirrors()) {
      if (((TypeElement) m.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals(annotation)) {
        return m;
      }
    }
    return null;
  }
}
