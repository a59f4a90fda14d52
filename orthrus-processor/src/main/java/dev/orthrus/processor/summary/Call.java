package dev.orthrus.processor.summary;

import javax.lang.model.element.ExecutableElement;

/**
 * A resolved call, including constructor calls made by {@code new}.
 *
 * @param target the callee's id, {@code owner#name(erased,params)}
 * @param callee the callee element (used to find overriding methods in the compilation)
 * @param site where the call is written
 */
public record Call(String target, ExecutableElement callee, Site site) {}
