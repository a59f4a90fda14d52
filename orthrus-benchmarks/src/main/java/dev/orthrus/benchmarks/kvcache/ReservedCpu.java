package dev.orthrus.benchmarks.kvcache;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * The validators' CPU kept for them while a benchmark runs, as a machine that keeps cores for
 * validation would (decision 0051): kernel threads that may run on any CPU (DAMON's {@code
 * kdamond}, which runs about 4 ms at each wake-up) move off it, and get their CPUs back at {@link
 * #close}, or when the JVM shuts down first. Per-CPU kernel threads cannot move and stay; threads
 * of user processes are left alone.
 */
final class ReservedCpu implements AutoCloseable {

  private final Map<Long, String> moved;
  private final List<String> names;
  private final BiPredicate<Long, String> setAffinity;
  private final Thread restoreAtExit;

  private ReservedCpu(
      Map<Long, String> moved, List<String> names, BiPredicate<Long, String> setAffinity) {
    this.moved = moved;
    this.names = names;
    this.setAffinity = setAffinity;
    this.restoreAtExit = new Thread(this::restore, "orthrus-restore-kernel-threads");
    if (!moved.isEmpty()) {
      Runtime.getRuntime().addShutdownHook(restoreAtExit);
    }
  }

  /** Nothing moved: the CPU is not reserved (not pinned, or not permitted). */
  static ReservedCpu none() {
    return new ReservedCpu(Map.of(), List.of(), (pid, cpus) -> false);
  }

  /**
   * Moves the kernel threads that may run on {@code cpu} and on other CPUs to those others; {@code
   * setAffinity} applies a CPU list (taskset's form) to a thread and says whether it took.
   */
  static ReservedCpu reserve(int cpu, BiPredicate<Long, String> setAffinity) {
    Map<Long, String> moved = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    ProcFs.kernelThreads()
        .forEach(
            (pid, thread) -> {
              List<Integer> allowed = CpuList.parse(thread.allowedCpus());
              if (allowed.size() > 1 && allowed.contains(cpu)) {
                List<Integer> others = new ArrayList<>(allowed);
                others.remove(Integer.valueOf(cpu));
                if (setAffinity.test(pid, CpuList.format(others))) {
                  moved.put(pid, thread.allowedCpus());
                  names.add(thread.name());
                }
              }
            });
    return new ReservedCpu(moved, names, setAffinity);
  }

  /** The names of the kernel threads moved off the CPU. */
  List<String> movedThreads() {
    return names;
  }

  @Override
  public void close() {
    if (!moved.isEmpty()) {
      try {
        Runtime.getRuntime().removeShutdownHook(restoreAtExit);
      } catch (IllegalStateException e) {
        return; // shutting down: the hook restores them
      }
      restore();
    }
  }

  private void restore() {
    moved.forEach(
        (pid, cpus) -> {
          if (!setAffinity.test(pid, cpus)) {
            System.err.println(
                "could not give kernel thread " + pid + " its CPUs " + cpus + " back");
          }
        });
  }

  /** CPU lists as {@code /proc} and taskset write them: {@code 0-3,6}. */
  static final class CpuList {

    private CpuList() {}

    static List<Integer> parse(String list) {
      List<Integer> cpus = new ArrayList<>();
      if (list == null || list.isBlank()) {
        return cpus;
      }
      for (String part : list.strip().split(",", -1)) {
        int dash = part.indexOf('-');
        int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
        int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
        for (int c = from; c <= to; c++) {
          cpus.add(c);
        }
      }
      return cpus;
    }

    static String format(List<Integer> cpus) {
      StringBuilder out = new StringBuilder();
      for (int c : cpus) {
        out.append(out.length() == 0 ? "" : ",").append(c);
      }
      return out.toString();
    }
  }
}
