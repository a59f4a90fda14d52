package dev.orthrus.benchmarks.kvcache;

/** A reply that is not what the request and the workload allow: the run is not measured. */
public final class ReplyException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  ReplyException(String message) {
    super(message);
  }
}
