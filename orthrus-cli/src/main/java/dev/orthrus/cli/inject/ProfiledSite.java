package dev.orthrus.cli.inject;

import java.util.List;
import java.util.Set;

/**
 * One line of the agent's profile: a site, what faults apply to it, and how often it ran on the
 * faulty core under the workload.
 */
public record ProfiledSite(
    int id,
    String unit,
    String path,
    Set<String> faults,
    int width,
    long executions,
    String label) {

  /** The agent's profile table (its header, then one site a line). */
  public static List<ProfiledSite> parse(List<String> lines) {
    if (lines.isEmpty() || !lines.get(0).startsWith("site\tunit\tpath")) {
      throw new IllegalStateException(
          "the agent's profile has no header: " + lines.stream().limit(1).toList());
    }
    return lines.stream()
        .skip(1)
        .filter(l -> !l.isBlank())
        .map(
            l -> {
              String[] f = l.split("\t", 7);
              return new ProfiledSite(
                  Integer.parseInt(f[0]),
                  f[1],
                  f[2],
                  f[3].isEmpty() ? Set.of() : Set.of(f[3].split(",")),
                  Integer.parseInt(f[4]),
                  Long.parseLong(f[5]),
                  f[6]);
            })
        .toList();
  }
}
