/**
 * Validators: the agent that takes published logs from the application threads' queues, re-executes
 * them with the closure's VAL variant and compares ({@link dev.orthrus.runtime.validate.Validator},
 * {@link dev.orthrus.runtime.validate.OutputComparator}, {@link
 * dev.orthrus.runtime.validate.Mismatch}), and the pool of validator threads ({@link
 * dev.orthrus.runtime.validate.ValidatorPool}). Reports through {@link
 * dev.orthrus.runtime.validate.ValidationListener}, which the engine implements.
 *
 * <p>May depend on {@code api}, {@code concurrent} and {@code cpu}.
 */
package dev.orthrus.runtime.validate;
