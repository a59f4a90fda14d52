package dev.orthrus.inject.site;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Every site of a protected build's classes, numbered in a fixed order (classes by name, methods
 * and instructions as declared), so that a profile run and a run that injects at site {@code n}
 * agree on what {@code n} is.
 *
 * <p>A site is on the data path when its method is a closure's plain or APP variant, a method one
 * of them calls, or one of those calls, as read from the rewriter's report ({@code
 * META-INF/orthrus/instrumentation.json}) and the bytecode's calls; everything else is the control
 * path. VAL variants (a {@code Replay} parameter) run on validators only and hold no sites; nor do
 * the runtime's own methods in a build's classes: a version class's (its checksum, its fields for a
 * log) and a handle's copies and check ({@link #RUNTIME_COPIES}), whose executions follow the
 * sampling rather than the program's requests (decision 0065).
 */
public final class SiteCatalog {

  static final String REPORT = "META-INF/orthrus/instrumentation.json";
  private static final String VERSION = "dev/orthrus/runtime/api/Version";
  private static final String IN_PLACE = "dev/orthrus/runtime/api/InPlaceObject";

  /**
   * The methods of a handle that the runtime calls to copy its fields into a version for a log and
   * back (decision 0058), and to check them in place against their checksum (decision 0059): not
   * the program's loads. A copy is, as the out-of-place layout's read of its newest version, a load
   * both APP and VAL take from the log; the check reads what a snapshot's check read before.
   */
  private static final Set<String> RUNTIME_COPIES =
      Set.of("snapshotFields", "writeFields", "checksumFields");

  /**
   * The prefix of the snapshot hooks of a hierarchy whose subclasses' versions extend the root's
   * ({@code snapshot$Account}, decision 0072): the copies {@link #RUNTIME_COPIES} makes, level by
   * level.
   */
  private static final String SNAPSHOT_HOOK = "snapshot$";

  private static final String REPLAY = "Ldev/orthrus/runtime/api/Replay;";
  private static final Pattern CLOSURE_ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");
  private static final Pattern VARIANTS = Pattern.compile("\"variants\"\\s*:\\s*\\[([^\\]]*)\\]");
  private static final Pattern STRING = Pattern.compile("\"([^\"]+)\"");

  private final List<Site> sites;
  private final Map<String, List<Site>> byClass;

  private SiteCatalog(List<Site> sites) {
    this.sites = List.copyOf(sites);
    Map<String, List<Site>> grouped = new HashMap<>();
    for (Site s : sites) {
      grouped.computeIfAbsent(s.owner(), k -> new ArrayList<>()).add(s);
    }
    this.byClass = grouped;
  }

  /**
   * Lists the sites of the classes under {@code classes}, a protected build's class folder.
   *
   * @throws IllegalArgumentException when the folder holds no rewriter report (not a protected
   *     build)
   */
  public static SiteCatalog scan(Path classes) {
    Path report = classes.resolve(REPORT);
    if (!Files.isRegularFile(report)) {
      throw new IllegalArgumentException(
          classes + " is not a protected build: " + REPORT + " is missing");
    }
    try {
      Map<String, ClassNode> nodes = new TreeMap<>();
      try (Stream<Path> files = Files.walk(classes)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
          ClassNode node = read(Files.readAllBytes(file));
          nodes.put(node.name, node);
        }
      }
      return new SiteCatalog(
          list(nodes, dataPathMethods(nodes, Files.readString(report, StandardCharsets.UTF_8))));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the classes under " + classes, e);
    }
  }

  /** Reads a class the way both the catalog and the instrumenter do. */
  static ClassNode read(byte[] bytes) {
    ClassNode node = new ClassNode();
    new ClassReader(bytes).accept(node, 0);
    return node;
  }

  public List<Site> sites() {
    return sites;
  }

  /** The sites of one class (internal name), in order; empty for a class with none. */
  public List<Site> sitesOf(String owner) {
    return byClass.getOrDefault(owner, List.of());
  }

  /** The site numbered {@code id}. */
  public Site site(int id) {
    if (id < 0 || id >= sites.size()) {
      throw new IllegalArgumentException(
          "no site " + id + "; the catalog has sites 0 to " + (sites.size() - 1));
    }
    return sites.get(id);
  }

  /**
   * Whether {@code node} extends {@code superclass} directly or through classes of the build (a
   * user-data subclass's handle and version, decision 0072).
   */
  private static boolean extendsClass(
      Map<String, ClassNode> nodes, ClassNode node, String superclass) {
    // A module-info or package-info class has no superclass.
    for (ClassNode c = node; c != null && c.superName != null; c = nodes.get(c.superName)) {
      if (superclass.equals(c.superName)) {
        return true;
      }
    }
    return false;
  }

  private static List<Site> list(Map<String, ClassNode> nodes, Set<String> dataPath) {
    Set<String> userData = new HashSet<>();
    for (ClassNode node : nodes.values()) {
      boolean version = extendsClass(nodes, node, VERSION);
      if (version || extendsClass(nodes, node, IN_PLACE)) {
        for (FieldNode f : node.fields) {
          // A handle's final fields are not user data that changes (nor were they in versions).
          if ((f.access & Opcodes.ACC_STATIC) == 0
              && (version || (f.access & Opcodes.ACC_FINAL) == 0)) {
            userData.add(node.name + "." + f.name);
          }
        }
      }
    }
    List<Site> sites = new ArrayList<>();
    for (ClassNode node : nodes.values()) {
      if (extendsClass(nodes, node, VERSION)) {
        continue;
      }
      for (MethodNode m : node.methods) {
        if (m.desc.contains(REPLAY)
            || RUNTIME_COPIES.contains(m.name)
            || m.name.startsWith(SNAPSHOT_HOOK)) {
          continue;
        }
        boolean data = dataPath.contains(key(node.name, m.name, m.desc));
        int line = -1;
        AbstractInsnNode[] insns = m.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
          if (insns[i] instanceof LineNumberNode n) {
            line = n.line;
            continue;
          }
          Shape shape = SiteShapes.of(insns[i], userData);
          if (shape != null) {
            sites.add(
                new Site(
                    sites.size(),
                    node.name,
                    m.name,
                    m.desc,
                    i,
                    insns[i].getOpcode(),
                    shape,
                    data,
                    line,
                    Mnemonics.of(insns[i])));
          }
        }
      }
    }
    return sites;
  }

  /**
   * The methods on the data path: the report's variants (the closure's own plain and APP methods, a
   * reached method's original body and its APP method) and what they call among these classes.
   */
  static Set<String> dataPathMethods(Map<String, ClassNode> nodes, String report) {
    Set<String> closures = new HashSet<>();
    Matcher id = CLOSURE_ID.matcher(report);
    while (id.find()) {
      closures.add(id.group(1));
    }
    Set<String> rootNames = new HashSet<>();
    Matcher variants = VARIANTS.matcher(report);
    while (variants.find()) {
      Matcher entry = STRING.matcher(variants.group(1));
      while (entry.find()) {
        String variant = entry.group(1);
        String owner = variant.substring(0, variant.indexOf('#')).replace('.', '/');
        String name = variant.substring(variant.indexOf('#') + 1, variant.indexOf('('));
        if (closures.contains(variant)) {
          rootNames.add(owner + "." + name + "Plain");
        } else {
          rootNames.add(owner + "." + name);
        }
        rootNames.add(owner + "." + name + "App");
      }
    }
    Map<String, MethodNode> methods = new HashMap<>();
    Deque<String> work = new ArrayDeque<>();
    for (ClassNode node : nodes.values()) {
      for (MethodNode m : node.methods) {
        String key = key(node.name, m.name, m.desc);
        methods.put(key, m);
        if (rootNames.contains(node.name + "." + m.name) && !m.desc.contains(REPLAY)) {
          work.add(key);
        }
      }
    }
    Set<String> reached = new HashSet<>(work);
    while (!work.isEmpty()) {
      MethodNode m = methods.get(work.poll());
      for (AbstractInsnNode insn : m.instructions) {
        for (String callee : callees(insn)) {
          if (methods.containsKey(callee) && !callee.contains(REPLAY) && reached.add(callee)) {
            work.add(callee);
          }
        }
      }
    }
    return reached;
  }

  private static List<String> callees(AbstractInsnNode insn) {
    if (insn instanceof MethodInsnNode call) {
      return List.of(key(call.owner, call.name, call.desc));
    }
    if (insn instanceof InvokeDynamicInsnNode indy) {
      List<String> targets = new ArrayList<>();
      for (Object arg : indy.bsmArgs) {
        if (arg instanceof Handle h && h.getTag() != Opcodes.H_GETFIELD) {
          targets.add(key(h.getOwner(), h.getName(), h.getDesc()));
        }
      }
      return targets;
    }
    return List.of();
  }

  private static String key(String owner, String name, String desc) {
    return owner + "." + name + desc;
  }
}
