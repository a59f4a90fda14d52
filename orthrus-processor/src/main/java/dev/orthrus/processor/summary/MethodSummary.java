package dev.orthrus.processor.summary;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * The facts of one method body, computed while its class is freshly attributed. Everything here is
 * plain data plus the trees needed to place diagnostics; nothing refers back to javac state that
 * may change after the class is lowered.
 */
public final class MethodSummary {

  private final String id;
  private final ExecutableElement element;
  private final TypeElement owner;
  private final Site declaration;
  private final boolean initializer;
  final List<FieldWrite> fieldWrites = new ArrayList<>();
  final List<FieldRead> userDataReads = new ArrayList<>();
  final List<ArrayElementWrite> arrayElementWrites = new ArrayList<>();
  final List<PassedArrayWrite> passedArrayWrites = new ArrayList<>();
  final List<PassedFieldArray> passedFieldArrays = new ArrayList<>();
  final List<FieldArrayWrite> fieldArrayWrites = new ArrayList<>();
  final List<RecordHeldArray> recordHeldArrays = new ArrayList<>();
  final Set<Integer> keptParameters = new TreeSet<>();
  final Set<Integer> writtenParameters = new TreeSet<>();
  final List<CalleeArrayWrite> calleeArrayWrites = new ArrayList<>();
  final List<AllocationSite> allocations = new ArrayList<>();
  final List<Call> calls = new ArrayList<>();
  final List<ApiUse> apiUses = new ArrayList<>();
  final List<TypeParameterHashOrder> typeParameterHashOrders = new ArrayList<>();
  final List<IdentityTypeArgument> identityTypeArguments = new ArrayList<>();
  final List<TypeParameterPass> typeParameterPasses = new ArrayList<>();
  final List<UserDataMutation> userDataMutations = new ArrayList<>();
  final List<ParameterMutation> parameterMutations = new ArrayList<>();
  final List<Site> parameterSites = new ArrayList<>();
  final Set<TypeElement> createdClasses = new LinkedHashSet<>();
  final Set<TypeElement> expressionTypes = new LinkedHashSet<>();
  final Set<TypeElement> fieldReadTypes = new LinkedHashSet<>();
  final Set<TypeElement> parameterTypes = new LinkedHashSet<>();
  Site resultSite;
  boolean floatingPoint;
  boolean vector;
  boolean returnsThis;

  MethodSummary(
      String id,
      ExecutableElement element,
      TypeElement owner,
      Site declaration,
      boolean initializer) {
    this.id = id;
    this.element = element;
    this.owner = owner;
    this.declaration = declaration;
    this.initializer = initializer;
  }

  /**
   * {@code owner#name(erased,params)}; initializer blocks use {@code <init>} and {@code <clinit>}.
   */
  public String id() {
    return id;
  }

  /** The method, or null for field initializers and initializer blocks. */
  public ExecutableElement element() {
    return element;
  }

  public TypeElement owner() {
    return owner;
  }

  public Site declaration() {
    return declaration;
  }

  /**
   * A constructor, an initializer block or a field initializer: code that runs on an object that
   * nobody else can see yet.
   */
  public boolean initializer() {
    return initializer;
  }

  public List<FieldWrite> fieldWrites() {
    return fieldWrites;
  }

  public List<FieldRead> userDataReads() {
    return userDataReads;
  }

  public List<ArrayElementWrite> arrayElementWrites() {
    return arrayElementWrites;
  }

  /** Element stores into primitive arrays this method passed to a call before. */
  public List<PassedArrayWrite> passedArrayWrites() {
    return passedArrayWrites;
  }

  /** Primitive arrays held in fields that this method passes as arguments. */
  public List<PassedFieldArray> passedFieldArrays() {
    return passedFieldArrays;
  }

  /** Records this method makes with a user-data primitive array as a component. */
  public List<RecordHeldArray> recordHeldArrays() {
    return recordHeldArrays;
  }

  /** Element stores into primitive arrays held in fields outside user data. */
  public List<FieldArrayWrite> fieldArrayWrites() {
    return fieldArrayWrites;
  }

  /**
   * Indices of the primitive-array parameters this method stores, as they are, into a field of user
   * data ({@code s.xs = src}); what it passes on to callees that keep them is the rule's to add.
   */
  public Set<Integer> keptParameters() {
    return keptParameters;
  }

  /**
   * Indices of the primitive-array parameters whose elements this method stores into itself ({@code
   * a[i] = v}, {@code a[i]++}, a bulk JDK write), also through a local that holds the same array;
   * what it passes on to callees that store into them is the rule's to add.
   */
  public Set<Integer> writtenParameters() {
    return writtenParameters;
  }

  /** Primitive arrays this method passes to calls, which are stores if the callee writes them. */
  public List<CalleeArrayWrite> calleeArrayWrites() {
    return calleeArrayWrites;
  }

  public List<AllocationSite> allocations() {
    return allocations;
  }

  public List<Call> calls() {
    return calls;
  }

  public List<ApiUse> apiUses() {
    return apiUses;
  }

  /** Hash sets and maps keyed by one of this method's type parameters that it iterates. */
  public List<TypeParameterHashOrder> typeParameterHashOrders() {
    return typeParameterHashOrders;
  }

  /** Calls that give a callee's type parameter a type whose objects hash by identity. */
  public List<IdentityTypeArgument> identityTypeArguments() {
    return identityTypeArguments;
  }

  /** Calls that give a callee's type parameter one of this method's own. */
  public List<TypeParameterPass> typeParameterPasses() {
    return typeParameterPasses;
  }

  /** Mutable JDK objects stored into user-data fields, or changed while user data holds them. */
  public List<UserDataMutation> userDataMutations() {
    return userDataMutations;
  }

  /** Calls that change a mutable JDK object this method received as a parameter. */
  public List<ParameterMutation> parameterMutations() {
    return parameterMutations;
  }

  /** Where each parameter is declared (empty for initializers). */
  public List<Site> parameterSites() {
    return parameterSites;
  }

  /**
   * The classes this method instantiates: by {@code new} (an anonymous class itself) or by a
   * constructor reference ({@code Countdown::new}).
   */
  public Set<TypeElement> createdClasses() {
    return createdClasses;
  }

  /**
   * The classes and interfaces other than the JDK's that the static types of this method's
   * expressions and variables name (type arguments included), and its own class when it has a
   * receiver: it may hold an object of any class below one of them.
   */
  public Set<TypeElement> expressionTypes() {
    return expressionTypes;
  }

  /**
   * The classes and interfaces, the JDK's included, that the types of the fields this method reads
   * name (type arguments included, {@code Object} for a raw type or an unbounded wildcard): a field
   * may hold an object made anywhere, of any class below one of them.
   */
  public Set<TypeElement> fieldReadTypes() {
    return fieldReadTypes;
  }

  /**
   * The classes and interfaces, the JDK's included, that the types of this method's parameters
   * name, as {@link #fieldReadTypes()}: when the method is where a closure's execution starts, its
   * arguments are objects made anywhere.
   */
  public Set<TypeElement> parameterTypes() {
    return parameterTypes;
  }

  /** Where the result type is written, or null for constructors and initializers. */
  public Site resultSite() {
    return resultSite;
  }

  /** Computes with float or double values, or calls {@code Math}/{@code StrictMath}. */
  public boolean floatingPoint() {
    return floatingPoint;
  }

  /**
   * Uses bulk array operations ({@code System.arraycopy}, {@code Arrays.*}, array clone, Vector
   * API).
   */
  public boolean vector() {
    return vector;
  }

  /** Has a body whose every {@code return} is {@code return this;} (a fluent setter's). */
  public boolean returnsThis() {
    return returnsThis;
  }
}
