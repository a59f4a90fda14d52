package dev.orthrus.runtime;

/** The runtime's counters as seen through JMX ({@code dev.orthrus:type=Runtime,id=N}). */
public interface OrthrusRuntimeMXBean {

  long getValidated();

  /** Executions a validator could not validate, for reasons that are not a faulty core. */
  long getNotValidated();

  long getPublished();

  long getSkipped();

  long getDetections();

  /** Detections per application CPU; the last entry is "CPU unknown". */
  long[] getDetectionsPerCpu();

  double getSamplingRate();

  long getPendingLogBytes();

  long getMemoryBudgetBytes();

  int getValidators();

  long getValidationLatencyP99Nanos();
}
