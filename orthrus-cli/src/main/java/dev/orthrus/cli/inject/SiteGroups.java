package dev.orthrus.cli.inject;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sites grouped into instructions of the source. The rewriter gives a closure a plain variant (run
 * when the execution is not logged) and an APP variant (logged), so one instruction is a site in
 * each; a defective unit gets it wrong in both, whichever variant sampling chose (decision 0035).
 * Armed together ({@code site=N+M}), the sites count their executions together.
 *
 * <p>A read of a user-data field is a load of the object's own field in plain code ({@code getfield
 * Stats.returns}) and of its version's in logged code ({@code getfield Stats$V.returns}): the same
 * read of the source, one instruction here (decision 0066).
 */
public final class SiteGroups {

  private SiteGroups() {}

  /**
   * {@code sites} grouped, in the order of their first site. Sites of one class, one method apart
   * from the variant suffix ({@code App}, {@code Plain}) and one instruction are one kind; when
   * each variant method holds the same number of them, the i-th of each is one instruction, else
   * the kind is.
   */
  public static List<List<ProfiledSite>> byInstruction(List<ProfiledSite> sites) {
    Map<String, List<ProfiledSite>> kinds = new LinkedHashMap<>();
    for (ProfiledSite s : sites) {
      kinds.computeIfAbsent(kind(s), k -> new ArrayList<>()).add(s);
    }
    List<List<ProfiledSite>> groups = new ArrayList<>();
    for (List<ProfiledSite> kind : kinds.values()) {
      Map<String, List<ProfiledSite>> byMethod = new LinkedHashMap<>();
      kind.forEach(s -> byMethod.computeIfAbsent(method(s), m -> new ArrayList<>()).add(s));
      int n = byMethod.values().iterator().next().size();
      boolean paired =
          byMethod.size() > 1 && byMethod.values().stream().allMatch(l -> l.size() == n);
      if (paired) {
        for (int i = 0; i < n; i++) {
          List<ProfiledSite> group = new ArrayList<>();
          for (List<ProfiledSite> variant : byMethod.values()) {
            group.add(variant.get(i));
          }
          groups.add(List.copyOf(group));
        }
      } else {
        groups.add(List.copyOf(kind));
      }
    }
    groups.sort((a, b) -> Integer.compare(a.get(0).id(), b.get(0).id()));
    return groups;
  }

  /**
   * Whether the site computes a value where a persistent defect can be caught: not a conditional
   * branch (which sends a closure down another path more often than to another output), not in a
   * handle's slot accessor ({@code lvValue}, {@code soValue}: Orthrus's own code, where the load
   * being recorded is the one corrupted), not in a handle's field accessor for plain code ({@code
   * lv$f}, {@code acquire$f}: only executions that are not logged run it, and the logged variants
   * read the field at sites of their own, so a defect armed there corrupts only executions that are
   * never validated; decision 0066).
   */
  public static boolean computesValue(ProfiledSite s) {
    String method = method(s);
    String name = method.substring(method.lastIndexOf('.') + 1);
    String opcode = s.label().substring(s.label().indexOf(' ') + 1).split(" ")[0];
    return !opcode.startsWith("if")
        && !name.equals("lvValue")
        && !name.equals("soValue")
        && !name.startsWith("lv$")
        && !name.startsWith("acquire$");
  }

  /**
   * The agent's {@code site=} value for sites armed together: their numbers joined by {@code +}.
   */
  public static String siteOption(List<ProfiledSite> sites) {
    return String.join("+", sites.stream().map(s -> Integer.toString(s.id())).toList());
  }

  /**
   * {@code Cache.slotApp} of {@code Cache.slotApp:317 iand}, or of {@code Cache.slotApp iand} (a
   * method without line numbers: one the rewriter made from nothing).
   */
  public static String method(ProfiledSite s) {
    String label = s.label();
    int space = label.indexOf(' ');
    int colon = label.indexOf(':');
    return label.substring(0, colon >= 0 && colon < space ? colon : space);
  }

  /**
   * Class, method without its variant suffix, and instruction with a version's field named as the
   * object's: {@code Cache.slot iand}, {@code Stats.postIncrement$returns getfield Stats.returns}.
   */
  private static String kind(ProfiledSite s) {
    String method = method(s);
    for (String suffix : List.of("App", "Plain")) {
      if (method.endsWith(suffix)) {
        method = method.substring(0, method.length() - suffix.length());
      }
    }
    String instruction = s.label().substring(s.label().indexOf(' ') + 1).replace("$V.", ".");
    return method + " " + instruction;
  }
}
