package dev.orthrus.runtime.api;

/**
 * Errors of the machine, not of the data: the stack or the heap ran out ({@link
 * VirtualMachineError}), or class loading or initialization failed ({@link LinkageError}: the first
 * use of a class whose initializer failed sees {@code ExceptionInInitializerError}, every later one
 * {@code NoClassDefFoundError}). APP and VAL may meet them at different points (a validator's stack
 * differs from the application thread's, VAL's frames may still be interpreted), so they say
 * nothing about the core that ran APP: an execution that met one, thrown or caught, is not
 * validated.
 */
public final class MachineErrors {

  private MachineErrors() {}

  /** Whether {@code t} or one of its causes (at most 32 deep) is an error of the machine. */
  public static boolean in(Throwable t) {
    for (int i = 0; t != null && i < 32; t = t.getCause(), i++) {
      if (t instanceof VirtualMachineError || t instanceof LinkageError) {
        return true;
      }
    }
    return false;
  }
}
