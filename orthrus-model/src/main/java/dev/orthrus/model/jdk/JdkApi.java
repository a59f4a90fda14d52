package dev.orthrus.model.jdk;

import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.jdk.JdkCall.Fact;
import dev.orthrus.model.jdk.JdkCall.Kind;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One entry of the JDK table: which members of which type, and what calling them means.
 *
 * @param category what a matching call means
 * @param type binary name of the class or interface whose members (and whose subtypes' members)
 *     match, or a package prefix ending with {@code .} matched against the member's owner
 * @param kinds static members, instance members, constructors
 * @param names member names; {@code *} alone matches any, {@code next*} a prefix, {@code *Async} a
 *     suffix
 * @param exceptNames names excluded from {@code names}
 * @param exceptTypes receivers (and owners) excluded, with their subtypes
 * @param ownerPrefix when set, the member's declaring class must start with it
 * @param arity the number of parameters, or -1 for any
 * @param required facts the call must have
 * @param forbidden facts the call must not have
 * @param argument for {@link JdkCategory#ARRAY_WRITE}, the index of the array it writes, or {@link
 *     JdkApis#RECEIVER} for the array its receiver is over (a buffer's {@code put}); for a static
 *     {@link JdkCategory#MUTATION}, the index of the object it changes ({@code
 *     Collections.sort(list)}); else -1
 * @param handling how the runtime handles a matching call listed as a non-deterministic call of a
 *     closure: the category's ({@link JdkCategory#handling()}) unless the entry says otherwise
 * @param example a Java statement that makes such a call (documentation and the stages' agreement
 *     test)
 * @param since the first Java release that has the member
 */
public record JdkApi(
    JdkCategory category,
    String type,
    Set<Kind> kinds,
    Set<String> names,
    Set<String> exceptNames,
    List<String> exceptTypes,
    String ownerPrefix,
    int arity,
    Set<Fact> required,
    Set<Fact> forbidden,
    int argument,
    Handling handling,
    String example,
    int since) {

  public JdkApi {
    kinds = Set.copyOf(kinds);
    names = Set.copyOf(names);
    exceptNames = Set.copyOf(exceptNames);
    exceptTypes = List.copyOf(exceptTypes);
    required = Set.copyOf(required);
    forbidden = Set.copyOf(forbidden);
  }

  /** True when {@code call} is one of the members this entry describes. */
  public boolean matches(JdkCall call) {
    if (!kinds.contains(call.kind())
        || arity >= 0 && call.arity() != arity
        || !nameMatches(call.name())
        || exceptNames.contains(call.name())
        || ownerPrefix != null && !call.owner().startsWith(ownerPrefix)) {
      return false;
    }
    if (type.endsWith(".") ? !call.owner().startsWith(type) : !call.isA(type)) {
      return false;
    }
    for (String except : exceptTypes) {
      if (call.isA(except) || call.owner().equals(except)) {
        return false;
      }
    }
    for (Fact f : required) {
      if (!call.has(f)) {
        return false;
      }
    }
    for (Fact f : forbidden) {
      if (call.has(f)) {
        return false;
      }
    }
    return true;
  }

  private boolean nameMatches(String name) {
    for (String pattern : names) {
      if (pattern.equals("*")
          || pattern.equals(name)
          || pattern.endsWith("*") && name.startsWith(pattern.substring(0, pattern.length() - 1))
          || pattern.startsWith("*") && name.endsWith(pattern.substring(1))) {
        return true;
      }
    }
    return false;
  }

  /** Starts an entry: see {@link JdkApis} for the table written with it. */
  static Builder of(JdkCategory category, String type) {
    return new Builder(category, type);
  }

  static final class Builder {
    private final JdkCategory category;
    private final String type;
    private Set<Kind> kinds = EnumSet.noneOf(Kind.class);
    private Set<String> names = Set.of();
    private Set<String> exceptNames = Set.of();
    private List<String> exceptTypes = List.of();
    private String ownerPrefix;
    private int arity = -1;
    private final Set<Fact> required = EnumSet.noneOf(Fact.class);
    private final Set<Fact> forbidden = EnumSet.noneOf(Fact.class);
    private int argument = -1;
    private Handling handling;
    private int since = 17;

    private Builder(JdkCategory category, String type) {
      this.category = category;
      this.type = type;
      this.handling = category.handling();
    }

    Builder statics(String... names) {
      return members(EnumSet.of(Kind.STATIC), names);
    }

    Builder instances(String... names) {
      return members(EnumSet.of(Kind.INSTANCE), names);
    }

    Builder constructors() {
      return members(EnumSet.of(Kind.CONSTRUCTOR), "<init>");
    }

    /** Every member: static, instance and constructors. */
    Builder any() {
      return members(EnumSet.allOf(Kind.class), "*");
    }

    /** Instance members and constructors (streams, files: creating one opens it). */
    Builder instancesAndConstructors() {
      return members(EnumSet.of(Kind.INSTANCE, Kind.CONSTRUCTOR), "*");
    }

    private Builder members(Set<Kind> kinds, String... names) {
      this.kinds = kinds;
      this.names = Set.of(names);
      return this;
    }

    Builder exceptNames(String... names) {
      this.exceptNames = Set.of(names);
      return this;
    }

    Builder exceptTypes(String... types) {
      this.exceptTypes = List.of(types);
      return this;
    }

    Builder declaredIn(String ownerPrefix) {
      this.ownerPrefix = ownerPrefix;
      return this;
    }

    Builder arity(int arity) {
      this.arity = arity;
      return this;
    }

    Builder when(Fact fact) {
      required.add(fact);
      return this;
    }

    Builder unless(Fact fact) {
      forbidden.add(fact);
      return this;
    }

    Builder argument(int index) {
      this.argument = index;
      return this;
    }

    /**
     * The call computes the same in APP and VAL once given a seed, which APP draws and records and
     * VAL replays ({@link Handling#SEEDED}), instead of its result being recorded.
     */
    Builder seeded() {
      this.handling = Handling.SEEDED;
      return this;
    }

    Builder since(int release) {
      this.since = release;
      return this;
    }

    JdkApi example(String example) {
      return new JdkApi(
          category,
          type,
          kinds,
          names,
          exceptNames,
          exceptTypes,
          ownerPrefix,
          arity,
          required,
          forbidden,
          argument,
          handling,
          example,
          since);
    }
  }
}
