package dev.orthrus.rewriter.facts;

import java.nio.file.Path;

/**
 * A method or constructor declared in the sources.
 *
 * @param id {@code owner#name(erased,params)}
 * @param file the file that declares it
 * @param span where its declaration is
 * @param closure annotated {@code @Closure}
 * @param overridable an instance method a subclass could override (neither private, static nor
 *     final, in a class that is not final)
 * @param exported a public method that code in another package can name (every class around it
 *     public; {@code OrthrusProcessor.exportable}): another module's closures may call it (decision
 *     0075)
 * @param takesValues every parameter and the result a value no code can change (a primitive, a
 *     string, a box, an enum constant, a record of such values) or void: nothing an implementation
 *     gets could carry a change back but its result (decision 0097)
 */
public record MethodFact(
    String id,
    Path file,
    Span span,
    boolean closure,
    boolean overridable,
    boolean exported,
    boolean takesValues) {}
