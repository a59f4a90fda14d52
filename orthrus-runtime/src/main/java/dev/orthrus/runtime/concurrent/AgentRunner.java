package dev.orthrus.runtime.concurrent;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/** Runs one {@link Agent} on its own daemon thread until {@link #stop()}. */
public final class AgentRunner implements AutoCloseable {

  private final Agent agent;
  private final IdleStrategy idle;
  private final Consumer<Throwable> errorHandler;
  private final Thread thread;
  private volatile boolean running;
  private volatile boolean started;

  public AgentRunner(Agent agent, IdleStrategy idle, Consumer<Throwable> errorHandler) {
    this(agent, idle, errorHandler, (run, name) -> new Thread(null, run, name, 0));
  }

  /**
   * @param threads makes the agent's thread from its loop and its name
   */
  public AgentRunner(
      Agent agent,
      IdleStrategy idle,
      Consumer<Throwable> errorHandler,
      BiFunction<Runnable, String, Thread> threads) {
    this.agent = Objects.requireNonNull(agent, "agent");
    this.idle = Objects.requireNonNull(idle, "idle");
    this.errorHandler = Objects.requireNonNull(errorHandler, "errorHandler");
    this.thread = threads.apply(this::run, agent.roleName());
    thread.setDaemon(true);
  }

  public synchronized void start() {
    if (started) {
      throw new IllegalStateException(agent.roleName() + " already started");
    }
    started = true;
    running = true;
    thread.start();
  }

  /** Asks the agent to stop and waits for its thread to finish (at most 10 s). */
  public void stop() {
    running = false;
    if (started && Thread.currentThread() != thread) {
      try {
        thread.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public void close() {
    stop();
  }

  public boolean isRunning() {
    return running && thread.isAlive();
  }

  public Thread thread() {
    return thread;
  }

  private void run() {
    try {
      agent.onStart();
      while (running) {
        int work;
        try {
          work = agent.doWork();
        } catch (RuntimeException | Error e) {
          errorHandler.accept(e);
          work = 0;
        }
        if (work == 0 && agent.ownsCpu()) {
          Thread.onSpinWait();
        } else {
          idle.idle(work);
        }
      }
    } finally {
      agent.onClose();
    }
  }
}
