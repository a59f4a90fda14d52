package dev.orthrus.model.jdk;

/**
 * A call (or a constructor invocation) as one stage sees it, asked against the JDK table. The
 * processor answers from javac's types, the bytecode analysis from Soot's.
 */
public interface JdkCall {

  /** How the member is invoked. */
  enum Kind {
    STATIC,
    INSTANCE,
    CONSTRUCTOR
  }

  /** What a stage can tell about a call beyond its name, when an entry asks. */
  enum Fact {
    /** The receiver was allocated in the calling method (a seeded generator made right here). */
    FRESH_RECEIVER,
    /** A {@code float} or {@code double} parameter or result. */
    FLOATING_SIGNATURE,
    /** The receiver is an array ({@code clone()}). */
    ARRAY_RECEIVER,
    /** The receiver's class (not {@code Object}) does not override {@code hashCode}. */
    IDENTITY_HASHED_RECEIVER,
    /**
     * An argument is an in-memory stream ({@link JdkApis#isInMemoryStream}): by its static type, or
     * made in the calling method ({@code new DataOutputStream(new ByteArrayOutputStream())}).
     */
    IN_MEMORY_ARGUMENT
  }

  /** Binary name of the class declaring the resolved member, e.g. {@code java.io.Writer}. */
  String owner();

  /** {@code <init>} for constructors. */
  String name();

  Kind kind();

  int arity();

  /**
   * True when the receiver's static type (for static members and constructors: the owner) is the
   * given class or interface (binary name) or a subtype; false when unknown.
   */
  boolean isA(String type);

  /** Binary name of the receiver's static type (the owner for static members and constructors). */
  String receiver();

  boolean has(Fact fact);
}
