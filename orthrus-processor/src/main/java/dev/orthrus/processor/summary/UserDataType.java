package dev.orthrus.processor.summary;

import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * A type declared {@code @UserData} in this compilation, with the places diagnostics about the
 * declaration itself attach to.
 *
 * @param type the annotated type
 * @param annotation the {@code @UserData} annotation
 * @param superclass the {@code extends} clause, or null when there is none
 * @param fields its instance fields (record components included) and where they are declared
 */
public record UserDataType(TypeElement type, Site annotation, Site superclass, List<Field> fields) {

  /** An instance field and its declaration. */
  public record Field(VariableElement element, Site site) {}
}
