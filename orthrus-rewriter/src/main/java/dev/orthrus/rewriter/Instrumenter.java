package dev.orthrus.rewriter;

/**
 * The instrumentation pipeline: compile the user's sources with the Orthrus processor (its rules
 * decide what can be protected) while collecting the type facts the rewriter needs, rewrite every
 * file that holds user data or closures, write the result under the generated-sources folder, and
 * compile it into the class output. Used by {@code orthrus instrument} and the Maven plugin.
 */
public final class Instrumenter {

  private Instrumenter() {}

  /**
   * Instruments the request's sources.
   *
   * @throws InstrumentException when a source does not parse or type-check, breaks a processor rule,
   *     or holds a construct the rewriter cannot protect; nothing is written to the class output
   */
  public static InstrumentResult instrument(InstrumentRequest request) throws InstrumentException {
    throw new UnsupportedOperationException("the instrumentation pipeline is not built yet");
  }
}
