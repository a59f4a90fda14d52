package dev.orthrus.model.rules;

import dev.orthrus.model.Severity;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Every rule Orthrus reports, declared once: its stable key, severity, whether
 * {@code @SuppressWarnings} may silence it, which stages report it, and a one-line summary. The
 * processor, the bytecode analysis, the report renderers (SARIF's rule list) and the README's rules
 * table all read this list; each rule is explained in {@link #docPath()}.
 */
public enum Rule {
  STATIC_WRITE(
      "orthrus.closure.static-write",
      Severity.ERROR,
      false,
      Stage.BOTH,
      "a closure, or a method it calls, writes a static field"),
  UNVERSIONED_WRITE(
      "orthrus.closure.unversioned-write",
      Severity.ERROR,
      true,
      Stage.BOTH,
      "a closure writes a field of an object that is neither `@UserData` nor allocated in the closure"),
  ARGUMENT_MUTATION(
      "orthrus.closure.argument-mutation",
      Severity.WARNING,
      true,
      Stage.PROCESSOR,
      "a closure changes a mutable JDK object the caller passed in (`map.put`, `list.add`); such executions are not validated"),
  THREAD(
      "orthrus.closure.thread",
      Severity.ERROR,
      false,
      Stage.BOTH,
      "a closure starts threads, submits to executors, uses parallel streams or async futures"),
  IO(
      "orthrus.closure.io",
      Severity.ERROR,
      true,
      Stage.BOTH,
      "a closure does I/O (files, streams, sockets, processes, logging, `System.out`); a validator would repeat it"),
  NONDETERMINISTIC(
      "orthrus.closure.nondeterministic",
      Severity.NOTE,
      true,
      Stage.BOTH,
      "clocks, randomness, identity hash codes, the environment, the executing thread, stack traces, exception messages and the raw bits of a NaN are recorded and replayed (unseeded generators and shuffles: their seed)"),
  IDENTITY_HASH_ORDER(
      "orthrus.closure.identity-hash-order",
      Severity.ERROR,
      false,
      Stage.BOTH,
      "a closure iterates a collection in identity-hash order (`IdentityHashMap`, a `HashMap` or "
          + "`HashSet` of keys without `hashCode`), which a validator cannot reproduce"),
  LOCK(
      "orthrus.closure.lock",
      Severity.NOTE,
      true,
      Stage.BOTH,
      "locks in a closure are replayed, not validated"),
  MATH_INTRINSIC(
      "orthrus.closure.math-intrinsic",
      Severity.NOTE,
      true,
      Stage.BOTH,
      "`Math.sin/exp/pow/...` may give another last bit than `StrictMath` and on other JVMs; "
          + "a protected build validates them as written"),
  SIGNATURE(
      "orthrus.closure.signature",
      Severity.ERROR,
      false,
      Stage.PROCESSOR,
      "a parameter or result type the validator cannot compare"),
  OWNER(
      "orthrus.closure.owner",
      Severity.ERROR,
      false,
      Stage.PROCESSOR,
      "a closure in a private, local or anonymous class, which the generated catalog cannot name"),
  UNANNOTATED_OVERRIDE(
      "orthrus.closure.unannotated-override",
      Severity.WARNING,
      true,
      Stage.PROCESSOR,
      "a method overrides or implements a closure without `@Closure`; the closure's calls that reach it run it unlogged, never validated"),
  ARRAY_ELEMENT_WRITE(
      "orthrus.userdata.array-element-write",
      Severity.ERROR,
      false,
      Stage.PROCESSOR,
      "an element store into a primitive array held in a user-data field (assign a new array)"),
  MUTABLE_COLLECTION(
      "orthrus.userdata.mutable-collection",
      Severity.ERROR,
      false,
      Stage.BOTH,
      "user data holds a mutable JDK object (`HashMap`, `ArrayList`, `StringBuilder`, `Date`, atomics, ...); "
          + "use a persistent collection or immutable values"),
  WRITE_OUTSIDE_CLOSURE(
      "orthrus.userdata.write-outside-closure",
      Severity.WARNING,
      true,
      Stage.PROCESSOR,
      "control-path code writes a user-data field; no validator checks the write"),
  SUPERCLASS(
      "orthrus.userdata.superclass",
      Severity.ERROR,
      false,
      Stage.PROCESSOR,
      "a `@UserData` class extends a class that is not `@UserData`, or `@UserData` is on an interface or enum "
          + "(records are allowed)"),
  STALE_CATALOG(
      "orthrus.catalog.stale",
      Severity.WARNING,
      false,
      Stage.PROCESSOR,
      "an earlier build's generated closure catalog is among the sources and cannot be regenerated"),
  INTERNAL(
      "orthrus.internal",
      Severity.ERROR,
      false,
      Stage.PROCESSOR,
      "Orthrus itself failed on this code; please report it with the source that triggered it"),
  UNKNOWN_CALLEE(
      "orthrus.analysis.unknown-callee",
      Severity.NOTE,
      false,
      Stage.ANALYSIS,
      "a closure calls into a class that was not found; the call is treated as may-escape"),
  MISSING_CLASSES(
      "orthrus.analysis.missing-classes",
      Severity.WARNING,
      false,
      Stage.ANALYSIS,
      "classes referenced by the analyzed code were found nowhere (missing dependencies?)"),
  UNREADABLE_METHOD(
      "orthrus.analysis.unreadable-method",
      Severity.WARNING,
      false,
      Stage.ANALYSIS,
      "a method's bytecode could not be read; calls to it are treated as may-escape"),
  CLOSURE_NOT_FOUND(
      "orthrus.analysis.closure-not-found",
      Severity.WARNING,
      false,
      Stage.ANALYSIS,
      "a closure listed in `closures.json` is not among the analyzed classes"),
  NEWER_JDK(
      "orthrus.analysis.newer-jdk",
      Severity.WARNING,
      false,
      Stage.ANALYSIS,
      "the analyzed classes are compiled for a newer Java than the JDK the analysis runs on"),
  UNPROTECTABLE(
      "orthrus.rewriter.unprotectable",
      Severity.ERROR,
      false,
      Stage.REWRITER,
      "code the processor accepts but the rewriter cannot protect; the Maven plugin stops on it"),
  NOT_VALIDATED(
      "orthrus.rewriter.not-validated",
      Severity.WARNING,
      false,
      Stage.REWRITER,
      "a closure reaches code its log does not follow; the executions that reach it are not validated");

  /** Which part of Orthrus reports a rule. */
  public enum Stage {
    /** The javac annotation processor, on type-checked source. */
    PROCESSOR("processor"),
    /** The bytecode analysis of compiled classes. */
    ANALYSIS("bytecode"),
    /** Both. */
    BOTH("processor, bytecode"),
    /**
     * The source rewriter of the Maven plugin and {@code orthrus instrument}, also run by analyze.
     */
    REWRITER("rewriter");

    private final String label;

    Stage(String label) {
      this.label = label;
    }

    /** How the README's rules table names it. */
    public String label() {
      return label;
    }
  }

  /** The value of {@code @SuppressWarnings} that silences every suppressible Orthrus rule. */
  public static final String SUPPRESS_ALL = "orthrus";

  private final String key;
  private final Severity severity;
  private final boolean suppressible;
  private final Stage stage;
  private final String summary;

  Rule(String key, Severity severity, boolean suppressible, Stage stage, String summary) {
    this.key = key;
    this.severity = severity;
    this.suppressible = suppressible;
    this.stage = stage;
    this.summary = summary;
  }

  /** The stable key diagnostics start with, e.g. {@code [orthrus.closure.static-write]}. */
  public String key() {
    return key;
  }

  public Severity severity() {
    return severity;
  }

  /**
   * Whether {@code @SuppressWarnings} may silence it. Findings that leave a closure unprotected or
   * make its validation wrong (a false detection, a validator writing shared state) may not be.
   */
  public boolean suppressible() {
    return suppressible;
  }

  public Stage stage() {
    return stage;
  }

  /** One line, Markdown, for rule lists. */
  public String summary() {
    return summary;
  }

  /** The rule's documentation, relative to the repository root: {@code docs/rules/<key>.md}. */
  public String docPath() {
    return "docs/rules/" + key + ".md";
  }

  /**
   * The rule's documentation as an absolute URI (SARIF {@code helpUri}, diagnostics' last words).
   */
  public String docUri() {
    return ToolInfo.homeUri() + docPath();
  }

  /** True when a {@code @SuppressWarnings} value names this rule or all Orthrus rules. */
  public boolean suppressedBy(String warning) {
    return suppressible && (warning.equals(key) || warning.equals(SUPPRESS_ALL));
  }

  public static Optional<Rule> byKey(String key) {
    for (Rule rule : values()) {
      if (rule.key.equals(key)) {
        return Optional.of(rule);
      }
    }
    return Optional.empty();
  }

  /** The rule of a key that must exist: a typo in Orthrus's own code fails loudly. */
  public static Rule of(String key) {
    return byKey(key)
        .orElseThrow(() -> new IllegalArgumentException("unknown Orthrus rule: " + key));
  }

  /** Rules reported by a stage (rules of {@link Stage#BOTH} included). */
  public static Set<Rule> reportedBy(Stage stage) {
    Set<Rule> rules = EnumSet.noneOf(Rule.class);
    for (Rule rule : values()) {
      if (rule.stage == stage || rule.stage == Stage.BOTH) {
        rules.add(rule);
      }
    }
    return rules;
  }
}
