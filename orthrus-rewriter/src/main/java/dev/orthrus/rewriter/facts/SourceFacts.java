package dev.orthrus.rewriter.facts;

import dev.orthrus.rewriter.Problem;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import javax.lang.model.element.Element;

/**
 * What javac resolved in the user's sources and the rewriter cannot see in a syntax tree: which
 * field a name denotes, which method a call reaches, which class an allocation makes. Keyed by file
 * and {@link Span}, so the rewriter finds the fact of the node it is looking at.
 */
public final class SourceFacts {

  /** The facts of one file. */
  public static final class FileFacts {
    private final SourceFacts owner;

    FileFacts(SourceFacts owner) {
      this.owner = owner;
    }

    final Map<Span, FieldFact> fields = new HashMap<>();
    final Map<Span, CallFact> calls = new HashMap<>();
    final Map<Span, ReferenceFact> references = new HashMap<>();
    final Map<Span, NewFact> allocations = new HashMap<>();
    final Map<Span, String> operandTypes = new HashMap<>();

    /** The binary names of the classes the file declares, nested, local and anonymous included. */
    final Set<String> declaredTypes = new HashSet<>();

    /**
     * The simple names by which the file's code names classes and fields ({@code KV} in {@code
     * KV.of()}, {@code LIMIT} of an enclosing class or a static import in {@code Math.min(LIMIT,
     * x)}).
     */
    final Set<String> simpleNames = new HashSet<>();

    /**
     * The lines of the enums the file declares in a method ({@code enum Dir { UP, DOWN }} in a
     * body), which the rewriter's parser cannot read.
     */
    final Set<Long> localEnums = new TreeSet<>();

    /**
     * Compound assignments to a field of an object named by a local variable or a parameter ({@code
     * node.count += next()}), as javac resolved the name.
     */
    final Set<Span> localReceivers = new HashSet<>();

    final Map<Span, SharedRead> sharedReads = new HashMap<>();

    /**
     * Array creations whose element type is narrower than the variable's they are assigned to
     * ({@code Object[] vals = new String[4]}), with the creation's element type as a class literal
     * names it: a store of another type must throw {@code ArrayStoreException}.
     */
    final Map<Span, String> narrowedArrays = new HashMap<>();

    /** The iterables of for-each loops over shared JDK objects, which iterate a snapshot. */
    final Set<Span> snapshots = new HashSet<>();

    /**
     * Uses of locals that hold a user-data array field's array ({@code Cell[] c = this.cells;}),
     * which are versioned arrays as the field is.
     */
    final Set<Span> arrayLocalUses = new HashSet<>();

    /** The initializers of those locals: the field, whose type the local takes. */
    final Set<Span> arrayLocalInitializers = new HashSet<>();

    /**
     * User-data arrays passed to a call that copies or only reads them ({@code
     * Arrays.stream(cells)}, {@code cells.clone()}), with the erasure of their element type: the
     * call gets a Java array of the slots.
     */
    final Map<Span, String> arrayCopies = new HashMap<>();

    /**
     * Statement calls that write a user-data array ({@code Arrays.sort(cells, order);}, {@code
     * Arrays.fill(cells, null);}), by the call's span, with the erasure of the element type: the
     * call runs on a copy of the slots, which is written back.
     */
    final Map<Span, String> arrayUpdates = new HashMap<>();

    /**
     * Assignments, compound assignments, ++ and -- of elements of arrays recorded calls returned.
     */
    final Set<Span> sharedArrayWrites = new HashSet<>();

    /** Reads of elements of arrays recorded calls returned, with the element's type at the site. */
    final Map<Span, String> sharedArrayReads = new HashMap<>();

    /**
     * Reads of elements of arrays that fields hold which are not versioned ({@link SharedRead}).
     */
    final Map<Span, SharedRead> fieldArrayReads = new HashMap<>();

    /** For-each loops over such arrays, by the span of the array. */
    final Map<Span, SharedRead> fieldArrayLoops = new HashMap<>();

    /** {@code it.remove()} on an iterator of a snapshot, {@code e.setValue(v)} on its entries. */
    final Set<Span> snapshotChanges = new HashSet<>();

    /**
     * Try-with-resources statements with a resource whose {@code close()} is a method of the
     * sources, by the statement's span: for each resource in order, the id of the {@code close()}
     * javac resolves on its type ({@code p.Res#close()}), or null for a resource whose {@code
     * close()} is the JDK's or another build's.
     */
    final Map<Span, List<String>> resourceCloses = new HashMap<>();

    final Map<Span, String> unrecordedShared = new HashMap<>();
    final Set<Span> sharedToStrings = new HashSet<>();
    final Set<Span> unusedResults = new HashSet<>();
    final Map<Span, String> recordedValues = new HashMap<>();

    /**
     * Lambdas, method references and anonymous classes that implement a type of the sources: the
     * type as a site names it (empty for an anonymous class, whose creation names it).
     */
    final Map<Span, String> madeImplementations = new HashMap<>();

    /**
     * Calls of {@code equals}, {@code hashCode}, {@code toString} or {@code compareTo} that javac
     * resolved to the JDK's declaration, on a receiver whose class may be one of the sources that
     * overrides it: binary name of each such class to the id of its override.
     */
    final Map<Span, Map<String, String>> objectMethodOverrides = new HashMap<>();

    /**
     * For a call of {@code equals}, {@code hashCode}, {@code toString} or {@code compareTo} through
     * an interface or {@code Object} ({@code shape.equals(other)}): the classes of the sources that
     * override it, by binary name, with their override's id; empty for any other call.
     */
    public Map<String, String> objectMethodOverrides(Span span) {
      return objectMethodOverrides.getOrDefault(span, Map.of());
    }

    /**
     * For the try-with-resources statement at {@code span}, the {@code close()} each resource's
     * type has, in order, when it is a method of the sources, else null; an empty list when no
     * resource's is. The logged variants call that {@code close()} as an ordinary call, which
     * reaches its own variant there, where the JVM's implicit call would run it as written.
     */
    public List<String> resourceCloses(Span span) {
      return resourceCloses.getOrDefault(span, List.of());
    }

    public FieldFact field(Span span) {
      return fields.get(span);
    }

    /**
     * Whether the file reads or writes a user-data field that the rewritten classes no longer have
     * as a field (a versioned or held field, an array that becomes a {@code VersionedArray}).
     */
    public boolean usesRewrittenFields() {
      return fields.values().stream().anyMatch(f -> !f.isFinal() || f.referenceArray());
    }

    public CallFact call(Span span) {
      return calls.get(span);
    }

    /** The method reference at {@code span}, or null. */
    public ReferenceFact reference(Span span) {
      return references.get(span);
    }

    public NewFact allocation(Span span) {
      return allocations.get(span);
    }

    /**
     * The element type, as a class literal names it, of the array created at {@code span} when it
     * is narrower than the type of the variable it is assigned to; else null.
     */
    public String narrowedArray(Span span) {
      return narrowedArrays.get(span);
    }

    /**
     * The read of an unversioned mutable field at {@code span} whose value another thread may
     * change, or null (see {@link SourceFacts#isShared}).
     */
    public SharedRead sharedRead(Span span) {
      return shared(sharedReads, span);
    }

    /** The read {@code reads} holds at {@code span} if another thread may change it, else null. */
    private SharedRead shared(Map<Span, SharedRead> reads, Span span) {
      SharedRead read = reads.get(span);
      return read != null && owner.isShared(read) ? read : null;
    }

    /**
     * Whether the expression at {@code span} is what a for-each loop iterates and is a shared JDK
     * object ({@link CallFact#recordedShared}): the loop iterates a snapshot of it ({@link
     * SnapshotUse}).
     */
    public boolean snapshot(Span span) {
      return snapshots.contains(span);
    }

    /** The element type of a user-data array a call copies ({@link #arrayCopies}), or null. */
    public String arrayCopy(Span span) {
      return arrayCopies.get(span);
    }

    /** The element type of the user-data array a statement call writes ({@link #arrayUpdates}). */
    public String arrayUpdate(Span span) {
      return arrayUpdates.get(span);
    }

    /** A use of a local that holds a user-data array ({@link #arrayLocalUses}). */
    public boolean arrayLocalUse(Span span) {
      return arrayLocalUses.contains(span);
    }

    /** The initializer of a local that holds a user-data array. */
    public boolean arrayLocalInitializer(Span span) {
      return arrayLocalInitializers.contains(span);
    }

    /**
     * Whether the write at {@code span} stores into an element of an array that a recorded call on
     * a shared JDK object returned: a validator holds the application's array and would write it a
     * second time.
     */
    public boolean sharedArrayWrite(Span span) {
      return sharedArrayWrites.contains(span);
    }

    /**
     * The type of the element read at {@code span} when it is an element of an array a recorded
     * call returned, or of an array a field that is not versioned holds and some code changes (APP
     * records the value it read), else null.
     */
    public String sharedArrayRead(Span span) {
      String type = sharedArrayReads.get(span);
      if (type != null) {
        return type;
      }
      SharedRead read = shared(fieldArrayReads, span);
      return read == null ? null : read.type();
    }

    /**
     * Whether the for-each loop over the array at {@code span} iterates a copy that APP records
     * ({@code ClosureLog.snapshotArray}): a field that is not versioned holds the array, and some
     * code changes it ({@link SourceFacts#isShared}).
     */
    public boolean arraySnapshot(Span span) {
      return shared(fieldArrayLoops, span) != null;
    }

    /**
     * Whether the call at {@code span} changes a snapshot through an iterator or an entry ({@code
     * it.remove()}, {@code e.setValue(v)}): the change would miss the application's collection.
     */
    public boolean snapshotChange(Span span) {
      return snapshotChanges.contains(span);
    }

    /**
     * How the shared object at {@code span} reaches code that reads it where the log does not
     * record what it reads ({@code "passed to total(...)"}), else null: a validator stops there and
     * counts the execution as not validated, instead of reading the live object.
     */
    public String unrecordedShared(Span span) {
      return unrecordedShared.get(span);
    }

    /**
     * The type, as the site names it, of the expression at {@code span} when it is a recorded
     * value, else null: a call of a method of the program that may return a shared object, or a
     * choice between a shared object and another ({@code l != null ? l : new ArrayList<>()}). APP
     * records the object, VAL evaluates the expression as APP did and takes APP's object.
     */
    public String recordedValue(Span span) {
      return recordedValues.get(span);
    }

    /**
     * When the expression at {@code span} makes an implementation of a type of the sources (a
     * lambda, a method reference, an anonymous class), that type as the site names it, or empty for
     * an anonymous class; else null. An execution that made it may call it in both variants: VAL
     * makes its own (decision 0100).
     */
    public String madeImplementation(Span span) {
      return madeImplementations.get(span);
    }

    /**
     * Whether the call at {@code span} is a statement whose value nobody uses: an expression
     * statement, or the body of an expression lambda whose function returns nothing ({@code x ->
     * audit.add(x)} as a {@code Consumer}); not an arm of a switch expression nor a lambda that
     * returns the value ({@code x -> blocked.contains(x)} as a {@code Predicate}).
     */
    public boolean resultUnused(Span span) {
      return unusedResults.contains(span);
    }

    /**
     * Whether the operand at {@code span} of a string concatenation is a shared object, whose
     * implicit {@code toString()} APP records ({@code "tags=" + tags}).
     */
    public boolean sharedToString(Span span) {
      return sharedToStrings.contains(span);
    }

    /** The binary names of the classes the file declares. */
    public Set<String> declaredTypes() {
      return Collections.unmodifiableSet(declaredTypes);
    }

    /** The lines of the enums the file declares in a method, in order. */
    public Set<Long> localEnums() {
      return Collections.unmodifiableSet(localEnums);
    }

    /** Whether a call or a method reference of the file names a method of {@code methods}. */
    public boolean callsOrReferences(Predicate<String> methods) {
      return calls.values().stream().anyMatch(c -> methods.test(c.target()))
          || references.values().stream().anyMatch(r -> methods.test(r.target()));
    }

    /**
     * Whether compound assignment {@code span} writes a field of the object a local variable or a
     * parameter names ({@code node.count += next()}), not a field ({@code this.node}).
     */
    public boolean localReceiver(Span span) {
      return localReceivers.contains(span);
    }

    /** The erased type of a compound assignment's right operand ({@code x.f += y}: y's). */
    public String operandType(Span span) {
      return operandTypes.get(span);
    }
  }

  final Set<String> userDataClasses = new LinkedHashSet<>();
  final Map<String, Map<String, String>> heldFields = new HashMap<>();
  final Map<String, Map<String, String>> heldFieldTypes = new HashMap<>();
  final Map<String, Set<String>> genericHeldFields = new HashMap<>();
  final Map<String, String> canonicalNames = new HashMap<>();

  /** A user-data class's superclass, by binary name, when that is a user-data class too. */
  final Map<String, String> userDataSuperclasses = new HashMap<>();

  /**
   * The mutable fields a user-data class declares that its version carries (not the held ones), in
   * declaration order: name to type as source text with canonical names.
   */
  final Map<String, Map<String, String>> versionFields = new HashMap<>();

  final Map<Path, FileFacts> files = new LinkedHashMap<>();
  final Map<String, MethodFact> methods = new LinkedHashMap<>();
  final Map<Path, List<MethodFact>> methodsByFile = new HashMap<>();
  final Map<String, Set<String>> callees = new HashMap<>();

  /** The user-data classes each method makes ({@code new C(...)}), by binary name. */
  final Map<String, Set<String>> userDataMade = new HashMap<>();

  /**
   * Methods (ids, wherever declared) to the methods of the sources that override them: a call of
   * one may run any of them. Linked into {@link #callees} for those declared in the sources ({@link
   * #touchingMethods}).
   */
  final Map<String, Set<String>> overrides = new HashMap<>();

  /**
   * Methods of the sources that override a method of a user-data class these sources do not hold
   * (another module's), to the id of that method.
   */
  final Map<String, String> userDataOverridesOutside = new TreeMap<>();

  public Map<String, String> userDataOverridesOutside() {
    return userDataOverridesOutside;
  }

  final Set<String> touchesDirectly = new LinkedHashSet<>();

  /**
   * The methods among {@link #touchesDirectly} whose own code reads or writes a versioned field or
   * slot, or makes user data ({@link #accessingUserData}).
   */
  final Set<String> accessesUserDataDirectly = new LinkedHashSet<>();

  /** Methods that make a call the JDK table marks seeded ({@link CallFact#seeded()}). */
  final Set<String> seedingMethods = new LinkedHashSet<>();

  /**
   * Methods that a class the rewriter never sees may override or implement (not closures): one a
   * closure reaches gets variants, whose check of the object's class answers from the log, or
   * leaves the execution not validated, when such an implementation runs (decisions 0098, 0100).
   */
  final Set<String> overridableMethods = new LinkedHashSet<>();

  /**
   * Of {@link #overridableMethods}, those whose declaring type a static method can name with its
   * type parameters (a top-level type or a static member of one): a closure's calls of one with
   * variants go through a static bridge that first asks whether a mock or a proxy intercepts the
   * object's methods (decision 0100).
   */
  final Set<String> bridgeable = new LinkedHashSet<>();

  /** Methods of other builds, called here, whose classes declare the static bridges. */
  final Set<String> bridgedElsewhere = new LinkedHashSet<>();

  final Set<String> sourceTypes = new HashSet<>();

  /** The fields a class of the sources declares or inherits, by simple name. */
  final Map<String, Set<String>> visibleFields = new HashMap<>();

  final Set<String> fieldsWrittenAfterConstruction = new HashSet<>();

  /**
   * Fields that are not versioned whose arrays may change after their class was constructed: an
   * element is written there, or the array is used otherwise than by reading an element or its
   * length (passed to a method, assigned to a local), which may write it.
   */
  final Set<String> arraysChangedAfterConstruction = new HashSet<>();

  /**
   * Fields that are not versioned and that code of other packages may assign (public or protected,
   * in classes as visible), read by the sources: code the sources do not hold may write them, or
   * the elements of their arrays (a module that depends on this one).
   */
  final Set<String> fieldsWritableElsewhere = new HashSet<>();

  final Set<Element> freshLocals = new HashSet<>();
  final Set<Element> reassignedLocals = new HashSet<>();
  final Map<String, List<SharedRead>> sharedReadsByMethod = new HashMap<>();

  /** Calls recorded because of a shared JDK object ({@link CallFact#recordedShared}), by method. */
  final Map<String, Set<String>> sharedCallsByMethod = new HashMap<>();

  /**
   * Calls of library code a validator must not make again, by target, with what the library code
   * does ({@link LibraryCode}).
   */
  final Map<String, String> libraryEffects = new LinkedHashMap<>();

  /** What iterates a snapshot of a shared JDK object ({@link SnapshotUse}), by method. */
  final Map<String, Set<String>> snapshotsByMethod = new HashMap<>();

  /**
   * Per method, the shared objects it hands to code the log does not follow ({@link
   * #unrecordedShared(String)}).
   */
  final Map<String, Set<String>> unrecordedByMethod = new HashMap<>();

  /**
   * Per method, the user data it hands to JDK code that calls the user-data class's {@code
   * hashCode}, {@code equals}, {@code compareTo} or {@code toString} back ({@link
   * #calledBack(String)}).
   */
  final Map<String, Set<String>> calledBackByMethod = new HashMap<>();

  /**
   * Per method, the code of the sources its constructs make the JVM run as written, by that code's
   * id (a method or a constructor), each with the uses that reach it ({@link #runsAsWritten}).
   */
  final Map<String, Map<String, Set<String>>> runsAsWrittenByMethod = new HashMap<>();

  /**
   * Per method, the constructors of user-data classes it calls with {@code new}, by constructor id,
   * each with the uses that reach it: they run as written too, and only those that read another
   * user-data object ({@link #constructorsReadingOtherUserData}) leave an execution not validated.
   */
  final Map<String, Map<String, Set<String>>> userDataConstructionsByMethod = new HashMap<>();

  /**
   * The constructors of user-data classes that read a versioned field of another object than the
   * one they make, or call a method of one (a copy constructor, {@code this.balance =
   * other.balance}): a validator refuses that read unless it made the object itself.
   */
  final Set<String> constructorsReadingOtherUserData = new HashSet<>();

  /**
   * Per method, the {@code iterator()} implementations of the sources its for-each loops call, by
   * id, each with the uses ({@code called by for-each (Bag.java:21), which runs it as written}):
   * the {@code hasNext()} and {@code next()} of the iterators those make run as written too.
   */
  final Map<String, Map<String, Set<String>>> iteratedByMethod = new HashMap<>();

  /** The classes of the sources, not user data, that each method makes, by binary name. */
  final Map<String, Set<String>> plainMade = new HashMap<>();

  /**
   * The {@code hasNext()} and {@code next()} that each {@code Iterator} class of the sources runs,
   * by id, with the name a use gives them ({@code NodeIt.next()}).
   */
  final Map<String, Map<String, String>> iteratorSteps = new HashMap<>();

  /** The facts of the file that declares each class of the sources, by binary name. */
  final Map<String, FileFacts> fileOfType = new HashMap<>();

  final List<Problem> problems = new ArrayList<>();

  /**
   * The methods that may be exported ({@link MethodFact#exported}), with where their bytecode is.
   */
  final Map<String, Bytecode> exportable = new LinkedHashMap<>();

  /**
   * Exportable methods left out, with why: what the processor's rules found in what they reach
   * ({@link #unexportable}), or what their bytecode does that a validator must not do again ({@link
   * #judgeExports}).
   */
  private final Map<String, String> unexportable = new HashMap<>();

  /**
   * A method as the JVM names it.
   *
   * @param owner internal name of the declaring class
   * @param name the method's name
   * @param descriptor its erased JVM descriptor
   * @param dispatched a call of it may run an override
   */
  public record Bytecode(String owner, String name, String descriptor, boolean dispatched) {}

  /** Per file, the names to rename before the sources can be rewritten ({@link #renames()}). */
  final Map<Path, List<Rename>> renames = new HashMap<>();

  public boolean isUserData(String binaryName) {
    return userDataClasses.contains(binaryName);
  }

  /**
   * A user-data class of the sources whose objects are versioned: it or a user-data superclass
   * declares a mutable field. One with final fields only is a value, compared field by field, with
   * nothing in place to check.
   */
  public boolean isVersioned(String binaryName) {
    if (!isUserData(binaryName)) {
      return false;
    }
    for (String c = binaryName; c != null; c = userDataSuperclass(c)) {
      if (!versionFields(c).isEmpty() || !heldFields(c).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The mutable references to user data a {@code @UserData} class declares, in declaration order:
   * name to the canonical name of the referenced class. The handle holds them in slots.
   */
  public Map<String, String> heldFields(String owner) {
    return heldFields.getOrDefault(owner, Map.of());
  }

  /**
   * The declared type of a held field as source text, type arguments included ({@code
   * p.Box<java.lang.String>}), for the signatures and casts of its accessors; {@link #heldFields}
   * gives the class, for its {@code .class}.
   */
  public String heldFieldType(String owner, String field) {
    return heldFieldTypes.getOrDefault(owner, Map.of()).get(field);
  }

  /**
   * Whether a held field's declared type names a type variable of its class ({@code Entry<K, V>
   * next}): code outside the class reads it through an accessor, whose type javac gives as the site
   * sees it, rather than a cast to the declared type.
   */
  public boolean heldFieldGeneric(String owner, String field) {
    return genericHeldFields.getOrDefault(owner, Set.of()).contains(field);
  }

  public Set<String> userDataClasses() {
    return userDataClasses;
  }

  /** The user-data class {@code binaryName} extends, or null. */
  public String userDataSuperclass(String binaryName) {
    return userDataSuperclasses.get(binaryName);
  }

  /** The fields of its own a user-data class's version carries ({@link #versionFields}). */
  public Map<String, String> versionFields(String binaryName) {
    return versionFields.getOrDefault(binaryName, Map.of());
  }

  /** The user-data classes {@code binaryName} extends, the nearest first, the root last. */
  public List<String> userDataSuperclasses(String binaryName) {
    List<String> chain = new ArrayList<>();
    for (String c = userDataSuperclass(binaryName); c != null; c = userDataSuperclass(c)) {
      chain.add(c);
    }
    return chain;
  }

  /**
   * The fields the versions of {@code binaryName}'s user-data superclasses carry, the root's first:
   * what a subclass's version carries before its own.
   */
  public Map<String, String> inheritedVersionFields(String binaryName) {
    List<String> chain = userDataSuperclasses(binaryName);
    Map<String, String> inherited = new LinkedHashMap<>();
    for (int i = chain.size() - 1; i >= 0; i--) {
      inherited.putAll(versionFields(chain.get(i)));
    }
    return inherited;
  }

  /**
   * A user-data class that declares fields its version carries and extends a user-data class with a
   * version: its version extends theirs (decision 0072).
   */
  public boolean isVersionExtension(String binaryName) {
    return !versionFields(binaryName).isEmpty() && versionParent(binaryName) != null;
  }

  /**
   * The nearest user-data superclass of {@code binaryName} that has a version: one whose version
   * carries fields, or the root when its only mutable fields are references to user data (its
   * version is then empty); null when there is none.
   */
  public String versionParent(String binaryName) {
    List<String> chain = userDataSuperclasses(binaryName);
    for (String c : chain) {
      if (!versionFields(c).isEmpty()) {
        return c;
      }
    }
    if (!chain.isEmpty() && !heldFields(chain.get(chain.size() - 1)).isEmpty()) {
      return chain.get(chain.size() - 1);
    }
    return null;
  }

  /** A user-data class that a {@link #isVersionExtension version extension} extends. */
  public boolean isVersionExtended(String binaryName) {
    for (Map.Entry<String, String> e : userDataSuperclasses.entrySet()) {
      if (e.getValue().equals(binaryName)
          && (isVersionExtension(e.getKey()) || isVersionExtended(e.getKey()))) {
        return true;
      }
    }
    return false;
  }

  /** The name a source uses for a class, e.g. {@code a.Outer.Inner} for {@code a.Outer$Inner}. */
  public String canonicalName(String binaryName) {
    return canonicalNames.getOrDefault(binaryName, binaryName.replace('$', '.'));
  }

  /**
   * How generated code in package {@code pkg} names the class in an expression ({@code Board.ADD}):
   * without the package when it is {@code pkg}, since a field or local named like the package's
   * first part would hide the package there; else its canonical name.
   */
  public String expressionName(String binaryName, String pkg) {
    int dot = binaryName.lastIndexOf('.');
    String canonical = canonicalName(binaryName);
    return dot > 0 && binaryName.substring(0, dot).equals(pkg)
        ? canonical.substring(dot + 1)
        : canonical;
  }

  /**
   * Whether another thread may change what {@code read} reads: its field is written somewhere other
   * than its own class's constructors and initializers, or code the sources do not hold may write
   * it ({@link #writableElsewhere}); and it is not read through a local that only ever holds
   * objects the method made itself ({@code Step step = new Step(); ... step.amount}). An element of
   * a field's array: some code of the sources may change the array ({@link
   * #arraysChangedAfterConstruction}), or code elsewhere may.
   */
  boolean isShared(SharedRead read) {
    if (read.element()) {
      return arraysChangedAfterConstruction.contains(read.field())
          || writableElsewhere(read.field());
    }
    boolean changed =
        fieldsWrittenAfterConstruction.contains(read.field()) || writableElsewhere(read.field());
    boolean fresh =
        read.receiverLocal() != null
            && freshLocals.contains(read.receiverLocal())
            && !reassignedLocals.contains(read.receiverLocal());
    return changed && !fresh;
  }

  /**
   * Whether code the sources do not hold may write {@code field}: its class is not in the sources
   * (its writers are unknown), or code of other packages may assign it, so that a module built on
   * this one may (a configuration field that only the application's {@code main} sets).
   */
  private boolean writableElsewhere(String field) {
    return !sourceTypes.contains(field.substring(0, field.indexOf('#')))
        || fieldsWritableElsewhere.contains(field);
  }

  /**
   * The names of the fields the class {@code binaryName} of the sources declares or inherits: names
   * the constants generated into it must not take.
   */
  public Set<String> visibleFields(String binaryName) {
    return visibleFields.getOrDefault(binaryName, Set.of());
  }

  /** Whether the sources declare the class {@code binaryName}. */
  public boolean isSourceType(String binaryName) {
    return sourceTypes.contains(binaryName);
  }

  /**
   * The simple names by which the code of the file that declares class {@code binaryName} names
   * classes and fields: a constant generated into that class must not take one, or it would obscure
   * the class (JLS 6.4.2) or shadow the field (a constant of an enclosing class, a static import)
   * for the code there.
   */
  public Set<String> simpleNamesSeenBy(String binaryName) {
    FileFacts f = fileOfType.get(binaryName);
    return f == null ? Set.of() : Collections.unmodifiableSet(f.simpleNames);
  }

  /** The simple names of the top-level classes the sources declare in {@code packageName}. */
  public Set<String> topLevelTypesIn(String packageName) {
    String prefix = packageName.isEmpty() ? "" : packageName + ".";
    Set<String> names = new HashSet<>();
    for (String type : sourceTypes) {
      String rest = type.startsWith(prefix) ? type.substring(prefix.length()) : null;
      if (rest != null && !rest.contains(".") && !rest.contains("$")) {
        names.add(rest);
      }
    }
    return names;
  }

  /**
   * The methods of library code (not in the sources, not the JDK's) that the sources call and that
   * do what a validator must not do again, with the reason ({@link LibraryCode}).
   */
  public Map<String, String> libraryEffects() {
    return libraryEffects;
  }

  /**
   * The calls {@code method} makes on, or with, mutable JDK objects of the control path: its
   * variants record them ({@link CallFact#recordedShared}, {@link NewFact#recordedShared}).
   */
  public Set<String> sharedCalls(String method) {
    return sharedCallsByMethod.getOrDefault(method, Set.of());
  }

  /**
   * The calls and for-each loops of {@code method} that iterate a snapshot of a mutable JDK object
   * of the control path ({@code java.util.List#stream()}, {@code for-each over java.util.List}).
   */
  public Set<String> snapshots(String method) {
    return snapshotsByMethod.getOrDefault(method, Set.of());
  }

  /**
   * Where {@code method} hands a shared object to code that reads it where the log records nothing
   * ({@code shared tags passed to total(...)}): executions that get there are not validated.
   */
  public Set<String> unrecordedShared(String method) {
    return unrecordedByMethod.getOrDefault(method, Set.of());
  }

  /**
   * Where {@code method} hands user data to JDK code that calls an override of the user data's
   * class back ({@code Key passed to add(...), which calls back its hashCode, equals}): that
   * override runs as written, a validator refuses its reads, and executions that get there are not
   * validated (rewriter.md, "Known gaps").
   */
  public Set<String> calledBack(String method) {
    return calledBackByMethod.getOrDefault(method, Set.of());
  }

  /**
   * Where {@code method} makes the JVM run code of the sources as written, code that reaches user
   * data (one of {@code accessing}, {@link #accessingUserData}): {@code close()} at the end of a
   * try-with-resources on a resource of a JDK type ({@link FileFacts#resourceCloses} says which the
   * logged variants call themselves), {@code iterator()} of a for-each, an override of a JDK
   * interface's method called through the interface, a constructor of a plain class, the {@code
   * getMessage()} override of an exception it throws, which validation calls. The rewriter gives
   * none of them a logged variant there, a validator refuses their reads, and executions that get
   * there are not validated (rewriter.md, "Known gaps").
   */
  public Set<String> runsAsWritten(String method, Set<String> accessing) {
    Set<String> uses = new TreeSet<>();
    runsAsWrittenByMethod
        .getOrDefault(method, Map.of())
        .forEach(
            (code, reaching) -> {
              if (accessing.contains(code)) {
                uses.addAll(reaching);
              }
            });
    userDataConstructionsByMethod
        .getOrDefault(method, Map.of())
        .forEach(
            (constructor, reaching) -> {
              if (constructorsReadingOtherUserData.contains(constructor)) {
                uses.addAll(reaching);
              }
            });
    iteratedByMethod
        .getOrDefault(method, Map.of())
        .forEach(
            (iterator, reaching) -> {
              Set<String> made = new TreeSet<>(plainMade.getOrDefault(iterator, Set.of()));
              made.addAll(userDataMade.getOrDefault(iterator, Set.of()));
              for (String type : made) {
                iteratorSteps
                    .getOrDefault(type, Map.of())
                    .forEach(
                        (step, name) -> {
                          if (accessing.contains(step)) {
                            reaching.forEach(use -> uses.add(name + use));
                          }
                        });
              }
            });
    return uses;
  }

  /** The fields {@code method} reads that other threads may change ({@link #isShared}). */
  public Set<String> sharedFieldsRead(String method) {
    Set<String> fields = new LinkedHashSet<>();
    for (SharedRead read : sharedReadsByMethod.getOrDefault(method, List.of())) {
      if (isShared(read)) {
        fields.add(read.field());
      }
    }
    return fields;
  }

  public FileFacts file(Path file) {
    return files.getOrDefault(file, new FileFacts(this));
  }

  public MethodFact method(String id) {
    return methods.get(id);
  }

  public Map<String, MethodFact> methods() {
    return methods;
  }

  /** The methods and constructors declared in {@code file}. */
  public List<MethodFact> methodsIn(Path file) {
    return methodsByFile.getOrDefault(file, List.of());
  }

  /** The methods a method's body calls, as ids. */
  public Set<String> callees(String method) {
    return callees.getOrDefault(method, Set.of());
  }

  /**
   * Per file, the names of private fields hiding a superclass's mutable field, and every use of
   * them, with the name each takes in the protected build ({@code ops} to {@code ops$Savings}).
   */
  public Map<Path, List<Rename>> renames() {
    return renames;
  }

  /**
   * Takes what the processor's rules found in what each exported method reaches, explored as a
   * closure's code is ({@code OrthrusProcessor.unexportable()}): by method, the rules a closure
   * would have to heed there.
   */
  public void unexportable(Map<String, Set<String>> rules) {
    rules.forEach((id, keys) -> unexportable.put(id, "the processor's rules " + keys));
  }

  /**
   * Asks {@code code}, which reads the sources' classes as javac compiled them, what each exported
   * method's bytecode does that a validator must not do again (a clock, I/O, a lock, a mutable
   * static, in it or in library code it calls), as it asks of library code a closure calls
   * (decision 0068): such a method's VAL variant would do it a second time.
   */
  public void judgeExports(LibraryCode code) {
    exportable.forEach(
        (id, m) -> {
          String effect = code.effect(m.owner(), m.name(), m.descriptor(), m.dispatched());
          if (effect != null) {
            unexportable.putIfAbsent(id, effect);
          }
        });
  }

  /**
   * The methods another module's closures may call through their variants (decision 0075): the
   * exportable methods among {@code touching} that are not left out ({@link #unexportable}, {@link
   * #judgeExports}) and whose reach only computes, leaving out closures, which are exported as
   * such.
   */
  public Set<String> exports(Set<String> touching) {
    Set<String> exports = new LinkedHashSet<>();
    for (String id : exportable.keySet()) {
      if (touching.contains(id)
          && !methods.get(id).closure()
          && !unexportable.containsKey(id)
          && overrides.getOrDefault(id, Set.of()).stream().allMatch(this::judgedExportable)
          && reached(List.of(id), touching).stream().allMatch(this::computesOnly)) {
        exports.add(id);
      }
    }
    return exports;
  }

  /**
   * An override that a call of an exported method may run was judged as exported methods are: it is
   * public, and neither the processor nor its bytecode left it out. The processor explores no
   * abstract method, so an abstract one is exported only when all its implementations pass.
   */
  private boolean judgedExportable(String override) {
    return exportable.containsKey(override) && !unexportable.containsKey(override);
  }

  /**
   * Whether the variants of {@code method} would only compute from user data, arguments and
   * constants: no recorded or snapshotted call, no read of a field other threads change, nothing
   * handed to code the log does not follow, no seeded call and no library code with effects. Only
   * such methods are exported: a closure that calls one records nothing for it.
   */
  private boolean computesOnly(String method) {
    return !seedingMethods.contains(method)
        && sharedReadsByMethod.getOrDefault(method, List.of()).isEmpty()
        && sharedCallsByMethod.getOrDefault(method, Set.of()).isEmpty()
        && snapshotsByMethod.getOrDefault(method, Set.of()).isEmpty()
        && unrecordedByMethod.getOrDefault(method, Set.of()).isEmpty()
        && callees(method).stream().noneMatch(libraryEffects::containsKey);
  }

  /** What in the sources javac showed cannot be rewritten. */
  public List<Problem> problems() {
    return problems;
  }

  /** The closures of the sources. */
  public Set<String> closures() {
    Set<String> closures = new LinkedHashSet<>();
    for (MethodFact m : methods.values()) {
      if (m.closure()) {
        closures.add(m.id());
      }
    }
    return closures;
  }

  /** {@link #overridableMethods}. */
  public Set<String> overridableMethods() {
    return Collections.unmodifiableSet(overridableMethods);
  }

  /** Whether {@code id} is one of {@link #bridgeable}. */
  public boolean bridgeable(String id) {
    return bridgeable.contains(id);
  }

  /** Whether {@code id} is one of {@link #bridgedElsewhere}. */
  public boolean bridgedElsewhere(String id) {
    return bridgedElsewhere.contains(id);
  }

  /**
   * The methods that need APP and VAL variants when a closure reaches them ({@link #reached}): the
   * closures, and the methods of the sources that touch user data (read or write a versioned field
   * or slot, allocate user data, call a closure or such a method, make a call the JDK table marks
   * seeded, read a mutable field another thread may change ({@link SharedRead}), or one of {@code
   * direct}).
   *
   * @param direct ids of methods whose own body must be recorded or replayed beyond what the facts
   *     show (the non-deterministic calls the processor found)
   */
  public Set<String> touchingMethods(Set<String> direct) {
    return touchingMethods(direct, false);
  }

  /**
   * {@link #touchingMethods(Set)}; with {@code overrides}, the sources' overrides of such a method
   * count too: the variants' check of the object's class would take one without variants for an
   * implementation out of sight (decision 0100).
   */
  public Set<String> touchingMethods(Set<String> direct, boolean overrides) {
    linkOverrides();
    Set<String> touching = new LinkedHashSet<>(touchesDirectly);
    touching.addAll(seedingMethods);
    touching.addAll(direct);
    sharedReadsByMethod.forEach(
        (method, reads) -> {
          if (reads.stream().anyMatch(this::isShared)) {
            touching.add(method);
          }
        });
    touching.addAll(closures());
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Map.Entry<String, Set<String>> e : callees.entrySet()) {
        if (!touching.contains(e.getKey()) && e.getValue().stream().anyMatch(touching::contains)) {
          touching.add(e.getKey());
          changed = true;
        }
      }
      if (overrides) {
        for (Map.Entry<String, Set<String>> e : this.overrides.entrySet()) {
          if (touching.contains(e.getKey()) && !touching.containsAll(e.getValue())) {
            touching.addAll(e.getValue());
            changed = true;
          }
        }
      }
    }
    return touching;
  }

  /**
   * The methods and constructors of the sources whose code, or code they call, reads or writes a
   * versioned field or slot, makes user data or calls a closure: run as written from a validator,
   * they reach versioned memory, which the validator refuses ({@link #runsAsWritten}). Reading a
   * field another thread may change, or calling a shared JDK object, is not among them: that code
   * runs as written in a validator too.
   */
  public Set<String> accessingUserData() {
    linkOverrides();
    Set<String> accessing = new LinkedHashSet<>(accessesUserDataDirectly);
    accessing.addAll(closures());
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Map.Entry<String, Set<String>> e : callees.entrySet()) {
        if (!accessing.contains(e.getKey())
            && e.getValue().stream().anyMatch(accessing::contains)) {
          accessing.add(e.getKey());
          changed = true;
        }
      }
    }
    return accessing;
  }

  /**
   * A method declared in the sources calls, in effect, each override the sources declare: it needs
   * variants when one of them does, and its callers call those variants, which dispatch to the
   * override's (decision 0047).
   */
  private void linkOverrides() {
    overrides.forEach(
        (method, overriding) -> {
          if (methods.containsKey(method)) {
            callees.computeIfAbsent(method, k -> new HashSet<>()).addAll(overriding);
          }
        });
  }

  /**
   * The id under which the facts of a class's instance field initializers and instance initializer
   * blocks are kept, which every constructor of the class runs: {@code p.Order#<initializers>()}.
   */
  public static String initializersId(String binary) {
    return binary + "#<initializers>()";
  }

  /** The user-data classes that some method of {@code methods} makes. */
  public Set<String> userDataMadeBy(Collection<String> methods) {
    Set<String> made = new HashSet<>();
    for (String m : methods) {
      made.addAll(userDataMade.getOrDefault(m, Set.of()));
    }
    return made;
  }

  /** The classes of the sources, not user data, that {@code methods} make ({@code new Event()}). */
  public Set<String> plainMadeBy(Collection<String> methods) {
    Set<String> made = new HashSet<>();
    for (String m : methods) {
      made.addAll(plainMade.getOrDefault(m, Set.of()));
    }
    return made;
  }

  /** The methods of {@code through} that {@code roots} reach through calls to such methods. */
  public Set<String> reached(Collection<String> roots, Set<String> through) {
    Set<String> reached = new LinkedHashSet<>();
    Deque<String> work = new ArrayDeque<>(roots);
    while (!work.isEmpty()) {
      String m = work.pop();
      if (through.contains(m) && reached.add(m)) {
        work.addAll(callees(m));
      }
    }
    return reached;
  }
}
