package dev.orthrus.runtime.api;

/** Thrown to a strict closure's caller instead of a result its validator did not confirm. */
public final class SdcDetectedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Detection detection;

  public SdcDetectedException(Detection detection) {
    super(detection == null ? "silent data corruption detected" : detection.summary());
    this.detection = detection;
  }

  public Detection detection() {
    return detection;
  }
}
