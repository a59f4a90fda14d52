package dev.orthrus.cli.compile;

import javax.annotation.processing.Processor;

/**
 * Creates the Orthrus annotation processor. It is loaded by name so that a CLI built without the
 * processor on its classpath fails with a message that says so rather than with a linkage error.
 */
public final class ProcessorLoader {

  public static final String PROCESSOR_CLASS = "dev.orthrus.processor.OrthrusProcessor";

  private ProcessorLoader() {}

  public static Processor orthrusProcessor() {
    Class<?> type;
    try {
      type = Class.forName(PROCESSOR_CLASS, true, ProcessorLoader.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          PROCESSOR_CLASS
              + " is not on the orthrus CLI's classpath: rebuild the CLI with the"
              + " orthrus-processor module (./orthrus does this)",
          e);
    }
    try {
      return (Processor) type.getConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalStateException("cannot create " + PROCESSOR_CLASS + ": " + e, e);
    }
  }
}
