/**
 * What happens to a detection: counted per CPU, printed, saved as a reproducer file, emitted as a
 * Flight Recorder event, and the policy applied ({@link
 * dev.orthrus.runtime.report.DetectionCenter}, {@link dev.orthrus.runtime.report.DetectionPolicy},
 * {@link dev.orthrus.runtime.report.ReproducerFile}).
 *
 * <p>May depend on {@code api}, {@code validate} (a reproducer is re-executed by a validator's
 * check) and {@code cpu}.
 */
package dev.orthrus.runtime.report;
