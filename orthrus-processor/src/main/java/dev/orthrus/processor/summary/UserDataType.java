package dev.orthrus.processor.summary;

import javax.lang.model.element.TypeElement;

/**
 * A type declared {@code @UserData} in this compilation, with the places diagnostics about the
 * declaration itself attach to.
 *
 * @param type the annotated type
 * @param annotation the {@code @UserData} annotation
 * @param superclass the {@code extends} clause, or null when there is none
 */
public record UserDataType(TypeElement type, Site annotation, Site superclass) {}
