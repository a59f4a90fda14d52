package dev.orthrus.samples.kvcache.protocol;

/**
 * Puts the steps of every conversation into one total order, with what each step consumed and
 * answered: mode rbv's primary, which logs them for a replica. A step is one request line, one data
 * block, or bytes discarded after a data block too large to store; together they are exactly the
 * bytes a {@link Session} consumed, so a session fed the same steps in the same order at the same
 * clock goes through the same states and gives the same replies.
 *
 * <p>Sessions of a handler without a recorder never reach this code.
 */
public interface StepRecorder {

  /** A number for a new conversation, unique among this recorder's. */
  long open();

  /**
   * Runs {@code step} (null: nothing to run) of {@code session}, which consumed {@code input[from,
   * to)}, in the total order, and records it.
   *
   * @param compared whether the step's reply is the same on every replica (not for {@code stats},
   *     whose reply carries pids, times and connection counts)
   * @return false when the order is broken (the replica failed or diverged): the step did not run
   *     and the conversation must end
   */
  boolean record(Session session, byte[] input, int from, int to, boolean compared, Runnable step);

  /** The conversation of {@code session} ended (its connection closed): no step follows. */
  void ended(Session session);

  /** The session's caller has run every request it had read: recorded steps may go out now. */
  void batchDone();
}
