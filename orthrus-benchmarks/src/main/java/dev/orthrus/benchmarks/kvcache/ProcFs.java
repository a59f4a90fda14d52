package dev.orthrus.benchmarks.kvcache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What Linux's {@code /proc} tells about another process: CPU time (whole process and per thread),
 * thread names, peak resident memory, children. Times are in nanoseconds, converted from clock
 * ticks of {@value #TICK_NANOS} ns ({@code USER_HZ} is 100 on every Linux architecture the JVM runs
 * on), so a reading is exact to 10 ms: measure phases of seconds.
 */
final class ProcFs {

  static final long TICK_NANOS = 10_000_000;

  private static final Path PROC = Paths.get("/proc");

  private ProcFs() {}

  static boolean available() {
    return Files.isReadable(PROC.resolve("self/stat"));
  }

  /**
   * User plus system CPU time of the whole process, exited threads included (the kernel adds their
   * time to the process's when they exit).
   */
  static long cpuNanos(long pid) {
    return cpuNanos(PROC.resolve(pid + "/stat"));
  }

  /** User plus system CPU time of one thread. */
  static long threadCpuNanos(long pid, long tid) {
    return cpuNanos(PROC.resolve(pid + "/task/" + tid + "/stat"));
  }

  /** The live threads' ids and names (the kernel keeps 15 characters of a name). */
  static Map<Long, String> threads(long pid) {
    Map<Long, String> threads = new LinkedHashMap<>();
    try (Stream<Path> tasks = Files.list(PROC.resolve(pid + "/task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        try {
          threads.put(
              Long.parseLong(task.getFileName().toString()),
              Files.readString(task.resolve("comm")).strip());
        } catch (IOException e) {
          // The thread exited while we listed: its time is in the process's.
        }
      }
    } catch (IOException e) {
      return threads;
    }
    return threads;
  }

  /**
   * Whether this process may give threads a negative nice value: it has {@code CAP_SYS_NICE}
   * (capability 23) among its effective capabilities, as root has.
   */
  static boolean mayRaisePriority() {
    try {
      for (String line : Files.readAllLines(PROC.resolve("self/status"))) {
        if (line.startsWith("CapEff:")) {
          long caps = Long.parseUnsignedLong(line.substring("CapEff:".length()).strip(), 16);
          return (caps & (1L << CAP_SYS_NICE)) != 0;
        }
      }
    } catch (IOException | NumberFormatException e) {
      return false;
    }
    return false;
  }

  private static final int CAP_SYS_NICE = 23;

  /** The CPU a thread last ran on, or -1. */
  static int lastCpu(long pid, long tid) {
    String[] fields = statFields(PROC.resolve(pid + "/task/" + tid + "/stat"));
    return fields == null || fields.length < 37 ? -1 : Integer.parseInt(fields[36]);
  }

  /** The CPUs this process's main thread may run on, in taskset's list form, or null. */
  static String allowedCpus() {
    return statusField(PROC.resolve("self/status"), "Cpus_allowed_list:");
  }

  /** A kernel thread: its name and the CPUs it may run on (taskset's list form). */
  record KernelThread(String name, String allowedCpus) {}

  /** Kernel threads (flag {@code PF_KTHREAD}) by pid; empty when {@code /proc} cannot be read. */
  static Map<Long, KernelThread> kernelThreads() {
    Map<Long, KernelThread> threads = new LinkedHashMap<>();
    processes()
        .forEach(
            (pid, fields) -> {
              // After the name: state(0) ppid(1) pgrp(2) session(3) tty(4) tpgid(5) flags(6).
              if (fields.length > 6 && (Long.parseLong(fields[6]) & PF_KTHREAD) != 0) {
                Path dir = PROC.resolve(Long.toString(pid));
                String cpus = statusField(dir.resolve("status"), "Cpus_allowed_list:");
                String comm = readFirstLine(dir.resolve("comm"));
                if (cpus != null && comm != null) {
                  threads.put(pid, new KernelThread(comm, cpus));
                }
              }
            });
    return threads;
  }

  private static final long PF_KTHREAD = 0x00200000;

  private static String statusField(Path status, String prefix) {
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith(prefix)) {
          return line.substring(prefix.length()).strip();
        }
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }

  private static String readFirstLine(Path file) {
    try {
      return Files.readString(file).strip();
    } catch (IOException e) {
      return null;
    }
  }

  /** Peak resident set size ({@code VmHWM}) in bytes, or -1 when the process is gone. */
  static long peakRssBytes(long pid) {
    try {
      for (String line : Files.readAllLines(PROC.resolve(pid + "/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.substring(6).replace("kB", "").strip()) * 1024;
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return -1;
  }

  /** The processes whose parent is {@code pid}, and theirs, recursively. */
  static List<Long> descendants(long pid) {
    Map<Long, Long> parents = new LinkedHashMap<>();
    processes().forEach((child, fields) -> parents.put(child, Long.parseLong(fields[1])));
    List<Long> found = new ArrayList<>();
    List<Long> frontier = new ArrayList<>(List.of(pid));
    while (!frontier.isEmpty()) {
      long parent = frontier.remove(frontier.size() - 1);
      parents.forEach(
          (child, p) -> {
            if (p == parent) {
              found.add(child);
              frontier.add(child);
            }
          });
    }
    return found;
  }

  /**
   * Every process's {@code stat} fields ({@link #statFields}) by pid; empty when {@code /proc}
   * cannot be listed.
   */
  private static Map<Long, String[]> processes() {
    Map<Long, String[]> processes = new LinkedHashMap<>();
    try (Stream<Path> all = Files.list(PROC)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        String name = p.getFileName().toString();
        String[] fields =
            name.chars().allMatch(Character::isDigit) ? statFields(p.resolve("stat")) : null;
        if (fields != null) {
          processes.put(Long.parseLong(name), fields);
        }
      }
    } catch (IOException | RuntimeException e) {
      return processes;
    }
    return processes;
  }

  private static long cpuNanos(Path stat) {
    String[] fields = statFields(stat);
    if (fields == null) {
      return 0;
    }
    // After the name: state(0) ppid(1) ... utime(11) stime(12).
    return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * TICK_NANOS;
  }

  /**
   * The fields of a {@code stat} file after the parenthesized name (which may hold spaces), so that
   * field 3 of proc(5), the state, is index 0; null when the file is gone.
   */
  private static String[] statFields(Path stat) {
    String text;
    try {
      text = Files.readString(stat);
    } catch (IOException e) {
      return null;
    }
    return text.substring(text.lastIndexOf(')') + 2).strip().split(" ", -1);
  }
}
