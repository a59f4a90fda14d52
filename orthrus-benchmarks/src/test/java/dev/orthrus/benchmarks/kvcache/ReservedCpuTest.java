package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReservedCpuTest {

  @Test
  void cpuListsReadAndWriteAsProcAndTasksetDo() {
    assertEquals(List.of(0, 1, 2, 3, 6), ReservedCpu.CpuList.parse("0-3,6"));
    assertEquals(List.of(1), ReservedCpu.CpuList.parse("1"));
    assertEquals(List.of(), ReservedCpu.CpuList.parse(""));
    assertEquals("0,2,5", ReservedCpu.CpuList.format(List.of(0, 2, 5)));
  }

  /**
   * Every kernel thread that may run on the reserved CPU and another moves to the others, and gets
   * its own list back at close; threads bound to one CPU and threads the setter refuses stay.
   */
  @Test
  void movesKernelThreadsOffTheCpuAndPutsThemBack() {
    int cpu = 1;
    Map<Long, ProcFs.KernelThread> before = ProcFs.kernelThreads();
    List<String> calls = new ArrayList<>();
    List<Long> movable = new ArrayList<>();
    before.forEach(
        (pid, t) -> {
          List<Integer> allowed = ReservedCpu.CpuList.parse(t.allowedCpus());
          if (allowed.size() > 1 && allowed.contains(cpu)) {
            movable.add(pid);
          }
        });
    long refused = movable.isEmpty() ? -1 : movable.get(0);
    ReservedCpu reserved =
        ReservedCpu.reserve(
            cpu,
            (pid, cpus) -> {
              calls.add(pid + ":" + cpus);
              return pid != refused;
            });
    assertEquals(Math.max(0, movable.size() - 1), reserved.movedThreads().size());
    for (long pid : movable) {
      List<Integer> target =
          ReservedCpu.CpuList.parse(
              calls.stream()
                  .filter(c -> c.startsWith(pid + ":"))
                  .findFirst()
                  .orElseThrow()
                  .substring(Long.toString(pid).length() + 1));
      assertFalse(target.contains(cpu), pid + " -> " + target);
      assertFalse(target.isEmpty());
    }
    int moves = calls.size();
    reserved.close();
    List<String> restores = calls.subList(moves, calls.size());
    assertEquals(reserved.movedThreads().size(), restores.size());
    for (String restore : restores) {
      long pid = Long.parseLong(restore.substring(0, restore.indexOf(':')));
      assertTrue(pid != refused);
      assertEquals(before.get(pid).allowedCpus(), restore.substring(restore.indexOf(':') + 1));
    }
  }
}
