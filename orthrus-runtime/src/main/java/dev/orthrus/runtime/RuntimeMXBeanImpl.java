package dev.orthrus.runtime;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.ObjectName;

/** Registers a runtime's counters with the platform MBean server. */
final class RuntimeMXBeanImpl implements OrthrusRuntimeMXBean {

  private static final AtomicInteger IDS = new AtomicInteger();

  private final OrthrusRuntime runtime;
  private final ObjectName name;

  private RuntimeMXBeanImpl(OrthrusRuntime runtime, ObjectName name) {
    this.runtime = runtime;
    this.name = name;
  }

  static RuntimeMXBeanImpl register(OrthrusRuntime runtime) {
    try {
      ObjectName name = new ObjectName("dev.orthrus:type=Runtime,id=" + IDS.incrementAndGet());
      RuntimeMXBeanImpl bean = new RuntimeMXBeanImpl(runtime, name);
      ManagementFactory.getPlatformMBeanServer().registerMBean(bean, name);
      return bean;
    } catch (Exception e) {
      throw new IllegalStateException("could not register the Orthrus MXBean", e);
    }
  }

  ObjectName name() {
    return name;
  }

  void unregister() {
    try {
      ManagementFactory.getPlatformMBeanServer().unregisterMBean(name);
    } catch (Exception e) {
      // Already gone; nothing to clean up.
    }
  }

  @Override
  public long getValidated() {
    return runtime.validatedCount();
  }

  @Override
  public long getNotValidated() {
    return runtime.notValidatedCount();
  }

  @Override
  public long getPublished() {
    return runtime.publishedCount();
  }

  @Override
  public long getSkipped() {
    return runtime.skippedCount();
  }

  @Override
  public long getDetections() {
    return runtime.detections().count();
  }

  @Override
  public long[] getDetectionsPerCpu() {
    return runtime.detections().perCpu();
  }

  @Override
  public double getSamplingRate() {
    return runtime.sampling().rate();
  }

  @Override
  public long getPendingLogBytes() {
    return runtime.pendingBytes();
  }

  @Override
  public long getMemoryBudgetBytes() {
    return runtime.config().memoryBudgetBytes();
  }

  @Override
  public int getValidators() {
    return runtime.validators().size();
  }

  @Override
  public long getValidationLatencyP99Nanos() {
    return runtime.latencyTotal().getValueAtPercentile(99);
  }
}
