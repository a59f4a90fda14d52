package dev.orthrus.runtime.api;

/**
 * The VAL variant of one closure, as generated code provides it: read the receiver and arguments
 * from the log, run the VAL body against {@code replay} (which serves the logged versions and keeps
 * every store private) and report the outcome with {@code replay.returnBits/returnRef/returnVoid}.
 * An exception thrown out of {@code replay} is taken as the closure's thrown exception.
 */
@FunctionalInterface
public interface ValClosure {

  void replay(ClosureLog log, Replay replay) throws Throwable;
}
