package dev.orthrus.runtime.validate;

/** A unit of background work driven by an {@link AgentRunner} (Agrona's shape). */
public interface Agent {

  /** Does a bounded amount of work; returns how much (0 means idle). */
  int doWork();

  default void onStart() {}

  default void onClose() {}

  String roleName();
}
