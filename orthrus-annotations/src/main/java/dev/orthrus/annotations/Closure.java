package dev.orthrus.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a data-path operator: a method that reads or changes {@link UserData} (a get, set, insert,
 * map or reduce).
 *
 * <p>Every execution of a closure can be re-executed by a validator on another core from a log of
 * exactly the memory versions it read, and the two executions' outputs are compared. For that to
 * work the closure must be single-threaded while it runs, write shared state only through user-data
 * objects (or objects it allocates itself), and keep side effects such as I/O in the calling
 * control path. The Orthrus annotation processor checks these rules at compile time and names the
 * line that breaks one.
 *
 * <p>Parameters and the result must be comparable: primitives, boxed types, {@code String}, enums,
 * records of comparable components, user-data types, arrays of these, or types that override {@code
 * equals}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Closure {

  /** A display name for reports; the method name when empty. */
  String name() default "";

  /** How the validator compares this closure's outputs with the application's. */
  Comparison compare() default Comparison.EQUALS;

  /**
   * When true the closure's result is handed to its caller only after a validator confirmed it.
   * This costs latency on every call; use it where a wrong answer must never leave the process.
   */
  boolean strict() default false;
}
