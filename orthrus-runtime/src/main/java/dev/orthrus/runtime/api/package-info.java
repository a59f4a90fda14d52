/**
 * The closure API: the one package generated (rewritten) code imports, and everything it names.
 *
 * <ul>
 *   <li>Reaching the runtime: {@link dev.orthrus.runtime.api.Orthrus#runtime()} (process-wide,
 *       started at first use by the engine's {@link dev.orthrus.runtime.api.RuntimeStarter}, found
 *       with {@code ServiceLoader}: decision 0026), {@link dev.orthrus.runtime.api.ClosureRuntime}
 *       ({@code begin}, {@code publish}, {@code corrupted}, {@code verify}).
 *   <li>A closure and its call sites: {@link dev.orthrus.runtime.api.ClosureBinding}, {@link
 *       dev.orthrus.runtime.api.CallSite}; its VAL variant: {@link
 *       dev.orthrus.runtime.api.ValClosure}.
 *   <li>APP and VAL variants: {@link dev.orthrus.runtime.api.ClosureLog}, {@link
 *       dev.orthrus.runtime.api.Replay}.
 *   <li>Versioned memory: {@link dev.orthrus.runtime.api.InPlaceObject} (fields in place, what
 *       generated code extends) and its superclass {@link dev.orthrus.runtime.api.VersionedObject}
 *       (versions out of place), {@link dev.orthrus.runtime.api.Version}, {@link
 *       dev.orthrus.runtime.api.ValueSlots} (a {@link dev.orthrus.runtime.api.VersionedArray}'s
 *       slots, a handle's held fields), {@link dev.orthrus.runtime.api.SlotVersion}, {@link
 *       dev.orthrus.runtime.api.FieldSink}.
 *   <li>Checksums and control-path checks: {@link dev.orthrus.runtime.api.Checksum}, {@link
 *       dev.orthrus.runtime.api.ControlPath}, {@link
 *       dev.orthrus.runtime.api.ChecksumMismatchException}.
 *   <li>What a strict closure's caller may get: {@link
 *       dev.orthrus.runtime.api.SdcDetectedException} with its {@link
 *       dev.orthrus.runtime.api.Detection} and {@link dev.orthrus.runtime.api.MismatchKind}.
 * </ul>
 *
 * <p>The engine's side of the same objects lives here too, because it shares their fields: a
 * thread's ring of logs and its queue ({@link dev.orthrus.runtime.api.AppThread}), how an execution
 * ended ({@link dev.orthrus.runtime.api.ResultKind}), a VAL execution that stopped following APP
 * ({@link dev.orthrus.runtime.api.Divergence}), a closure's validation delay ({@link
 * dev.orthrus.runtime.api.DelayStats}). Generated code does not call these.
 *
 * <p>Low in the package graph (decision 0013): may depend on {@code concurrent}, {@code cpu} and
 * {@code dev.orthrus.annotations} only; the engine ({@code dev.orthrus.runtime}, {@code validate},
 * {@code sample}, {@code report}) depends on it, never the reverse.
 */
package dev.orthrus.runtime.api;
