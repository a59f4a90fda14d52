package dev.orthrus.runtime.checksum;

import dev.orthrus.runtime.memory.Version;
import dev.orthrus.runtime.memory.VersionedObject;

/**
 * Checksum checks for data that crossed the control path. Generated code calls {@link #load} for
 * the first load of a user-data object a closure received from its caller (an argument, or a
 * reference the control path held between closures); the control path calls {@link #verify} before
 * data leaves the process, e.g. before a value is written to a socket.
 */
public final class ControlPath {

  private ControlPath() {}

  /** Loads the newest version of {@code object} and checks its checksum. */
  public static <V extends Version> V load(VersionedObject<V> object) {
    V version = object.lvVersion();
    check(version);
    return version;
  }

  /** Checks the newest version of {@code object}; throws if it was corrupted. */
  public static void verify(VersionedObject<?> object) {
    check(object.lvVersion());
  }

  /** Checks one version; throws if it was corrupted. */
  public static void check(Version version) {
    if (version != null && !version.checksumValid()) {
      throw new ChecksumMismatchException(
          "checksum mismatch in " + version.getClass().getName() + " of " + version.owner());
    }
  }
}
