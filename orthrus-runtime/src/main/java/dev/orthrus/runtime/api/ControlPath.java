package dev.orthrus.runtime.api;

/**
 * Checksum checks for data that crossed the control path, the unvalidated code between closures. A
 * closure's first load of a user-data object it received from its caller (an argument, or a
 * reference the control path held between closures) goes through {@link #verify} in the plain
 * variant, {@link #load(ClosureLog, VersionedObject)} in the APP variant and {@link #load(Replay,
 * VersionedObject)} in the VAL variant; later loads of the same object in that execution are
 * ordinary loads, and so is the first load of a closure that a logged execution calls, of a version
 * that execution read just before. Before data leaves the process (e.g. a value written to a
 * socket) the control path calls {@link ClosureRuntime#verify}.
 *
 * <p>A failed check throws {@link ChecksumMismatchException}: the closure must not compute on
 * corrupted data. Generated dispatchers catch it and hand it to {@link ClosureRuntime#corrupted},
 * which reports it as a detection and applies the detection policy.
 */
public final class ControlPath {

  private ControlPath() {}

  /**
   * Loads the newest version of {@code object} and checks its checksum (a plain variant that goes
   * on with the version; one that only checks calls {@link #verify}).
   */
  public static <V extends Version> V load(VersionedObject<V> object) {
    V version = object.lvVersion();
    check(version);
    return version;
  }

  /**
   * Loads, logs and checks the newest version of {@code object} (APP variant). The check is left
   * out when this execution loaded that very version a few loads earlier: the object did not come
   * from the control path but from this execution, which read it before (a closure called from
   * another closure's APP variant gets user data the caller just loaded), and that earlier load was
   * either checked or a data-path load, which is not.
   */
  public static <V extends Version> V load(ClosureLog log, VersionedObject<V> object) {
    V version = log.load(object);
    if (!log.lastLoadRepeats()) {
      check(version);
    }
    return version;
  }

  /**
   * VAL variant: takes the logged version and checks it again where APP checked it, so a validator
   * confirms APP's verdict. A checksum APP miscomputed (a fault in the check itself) shows up as
   * one side throwing and the other not.
   */
  public static <V extends Version> V load(Replay replay, VersionedObject<V> object) {
    V version = replay.load(object);
    if (!replay.lastLoadRepeats()) {
      check(version);
    }
    return version;
  }

  /**
   * Checks the newest version of {@code object}; throws if it was corrupted. The plain variant's
   * check of a user-data argument: of an {@link InPlaceObject}, the fields in place, without making
   * a version.
   */
  public static void verify(VersionedObject<?> object) {
    if (object instanceof InPlaceObject<?>) {
      ((InPlaceObject<?>) object).verifyInPlace();
    } else {
      check(object.lvVersion());
    }
  }

  /** Checks one version; throws if its fields no longer match its checksum. */
  public static void check(Version version) {
    if (version != null) {
      int actual = Checksum.of(version);
      if (actual != version.checksum()) {
        throw new ChecksumMismatchException(version, actual);
      }
    }
  }
}
