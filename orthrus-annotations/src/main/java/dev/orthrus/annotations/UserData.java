package dev.orthrus.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class whose instances hold user data: the values a service stores and returns, such as
 * cache items, tree nodes or index entries.
 *
 * <p>Instances live in versioned memory: each store from a {@link Closure} publishes a new
 * immutable version of the object, so a validator can later re-execute the closure on exactly the
 * versions the application saw. Fields of user-data objects should be changed only inside closures;
 * primitive arrays held in them are immutable values (assign a new array rather than storing into
 * an element).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface UserData {}
