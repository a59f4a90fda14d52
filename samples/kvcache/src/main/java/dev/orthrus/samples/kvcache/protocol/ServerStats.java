package dev.orthrus.samples.kvcache.protocol;

import java.util.concurrent.atomic.LongAdder;

/** The request counters of {@code stats}, kept on the control path by every worker. */
public final class ServerStats {
  final LongAdder currConnections = new LongAdder();
  final LongAdder totalConnections = new LongAdder();
  final LongAdder cmdGet = new LongAdder();
  final LongAdder cmdSet = new LongAdder();
  final LongAdder cmdFlush = new LongAdder();
  final LongAdder cmdTouch = new LongAdder();
  final LongAdder getHits = new LongAdder();
  final LongAdder getMisses = new LongAdder();
  final LongAdder deleteHits = new LongAdder();
  final LongAdder deleteMisses = new LongAdder();
  final LongAdder incrHits = new LongAdder();
  final LongAdder incrMisses = new LongAdder();
  final LongAdder decrHits = new LongAdder();
  final LongAdder decrMisses = new LongAdder();
  final LongAdder casHits = new LongAdder();
  final LongAdder casMisses = new LongAdder();
  final LongAdder casBadval = new LongAdder();
  final LongAdder touchHits = new LongAdder();
  final LongAdder touchMisses = new LongAdder();
  final LongAdder closureCalls = new LongAdder();

  public void connectionOpened() {
    currConnections.increment();
    totalConnections.increment();
  }

  public void connectionClosed() {
    currConnections.decrement();
  }

  /** Closure calls the handler made, what {@code orthrus_executions} reports. */
  public long closureCalls() {
    return closureCalls.sum();
  }

  /**
   * {@code stats reset}: zeroes what memcached zeroes (the connection total, command counts, hits
   * and misses), not the current connections. Counts made while it runs may survive, as in
   * memcached. {@code orthrus_executions} is the runtime's figure's companion and is not reset.
   */
  void reset() {
    for (LongAdder counter :
        new LongAdder[] {
          totalConnections, cmdGet, cmdSet, cmdFlush, cmdTouch, getHits, getMisses, deleteHits,
          deleteMisses, incrHits, incrMisses, decrHits, decrMisses, casHits, casMisses, casBadval,
          touchHits, touchMisses
        }) {
      counter.reset();
    }
  }

  /** Requests answered so far (gets, stores, deletes, arithmetic, touches). */
  public long requests() {
    return cmdGet.sum()
        + cmdSet.sum()
        + cmdTouch.sum()
        + deleteHits.sum()
        + deleteMisses.sum()
        + incrHits.sum()
        + incrMisses.sum()
        + decrHits.sum()
        + decrMisses.sum();
  }
}
