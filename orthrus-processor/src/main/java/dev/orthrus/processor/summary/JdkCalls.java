package dev.orthrus.processor.summary;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.jdk.JdkCall;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.UnionType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The processor's side of the JDK table ({@link dev.orthrus.model.jdk.JdkApis}): calls and types as
 * javac resolved them. Instance members are matched by the receiver's static type, so user
 * subclasses of JDK types are covered. The rewriter asks it too, for the calls it seeds.
 */
public final class JdkCalls {

  private final Trees trees;
  private final Elements elements;
  private final Types types;
  private final JavaNames names;
  private final Map<String, TypeMirror> erasedTypes = new HashMap<>();
  private final Map<TypeElement, List<TypeElement>> implementations = new HashMap<>();

  /** The compilation's named classes ({@link #sourceTypes}); none until given. */
  private Supplier<? extends Collection<TypeElement>> sourceTypes = List::of;

  public JdkCalls(Trees trees, Elements elements, Types types, JavaNames names) {
    this.trees = trees;
    this.elements = elements;
    this.types = types;
    this.names = names;
  }

  /**
   * Where the compilation's named classes (nested ones included) are, asked once every source is
   * entered: an interface of the program hashes by identity when one of them implementing it does.
   */
  public void sourceTypes(Supplier<? extends Collection<TypeElement>> types) {
    this.sourceTypes = types;
  }

  /**
   * A call as the table sees it.
   *
   * @param receiver the static type of the receiver expression, or null (the declaring type)
   * @param freshReceiver whether the receiver was allocated in the calling method, asked only when
   *     needed
   */
  public JdkCall call(
      ExecutableElement callee, TypeMirror receiver, BooleanSupplier freshReceiver) {
    return call(callee, receiver, freshReceiver, () -> false);
  }

  /**
   * {@link #call(ExecutableElement, TypeMirror, BooleanSupplier)} where an argument may be an
   * in-memory stream ({@link Fact#IN_MEMORY_ARGUMENT}), asked only when needed.
   */
  public JdkCall call(
      ExecutableElement callee,
      TypeMirror receiver,
      BooleanSupplier freshReceiver,
      BooleanSupplier inMemoryArgument) {
    TypeElement declaring = JavaNames.enclosingType(callee);
    boolean isStatic = callee.getModifiers().contains(Modifier.STATIC);
    boolean constructor = callee.getKind() == ElementKind.CONSTRUCTOR;
    TypeMirror type = receiver != null && !isStatic && !constructor ? receiver : declaring.asType();
    return new JdkCall() {
      @Override
      public String owner() {
        return names.binaryName(declaring);
      }

      @Override
      public String name() {
        return constructor ? "<init>" : callee.getSimpleName().toString();
      }

      @Override
      public Kind kind() {
        return constructor ? Kind.CONSTRUCTOR : isStatic ? Kind.STATIC : Kind.INSTANCE;
      }

      @Override
      public int arity() {
        return callee.getParameters().size();
      }

      @Override
      public boolean isA(String api) {
        return JdkCalls.this.isA(type, api);
      }

      @Override
      public String receiver() {
        return names.erased(type);
      }

      @Override
      public boolean has(Fact fact) {
        return switch (fact) {
          case FRESH_RECEIVER -> freshReceiver.getAsBoolean();
          case FLOATING_SIGNATURE ->
              MethodScope.isFloat(callee.getReturnType())
                  || callee.getParameters().stream().anyMatch(p -> MethodScope.isFloat(p.asType()));
          case ARRAY_RECEIVER -> type.getKind() == TypeKind.ARRAY;
          case IDENTITY_HASHED_RECEIVER -> mayKeepObjectHashCode(type);
          case IN_MEMORY_ARGUMENT -> inMemoryArgument.getAsBoolean();
        };
      }
    };
  }

  /**
   * The static type of a call's receiver: the qualifying expression's type, or for an unqualified
   * call {@code enclosing} (instance methods it inherits) or the declaring class.
   */
  public TypeMirror receiverType(
      Trees trees,
      TreePath callPath,
      ExpressionTree select,
      ExecutableElement callee,
      TypeElement enclosing) {
    if (select instanceof MemberSelectTree member) {
      TypeMirror t =
          trees.getTypeMirror(new TreePath(new TreePath(callPath, select), member.getExpression()));
      if (t instanceof UnionType union) {
        return commonSuperclass(union);
      }
      if (t != null && t.getKind() != TypeKind.PACKAGE && t.getKind() != TypeKind.NONE) {
        return t;
      }
    }
    TypeElement declaring = JavaNames.enclosingType(callee);
    if (!callee.getModifiers().contains(Modifier.STATIC)
        && enclosing != null
        && types.isSubtype(types.erasure(enclosing.asType()), types.erasure(declaring.asType()))) {
      return enclosing.asType();
    }
    return declaring.asType();
  }

  /**
   * The type a multi-catch parameter ({@code catch (ArithmeticException | IllegalStateException
   * e)}) has for the members called on it: the nearest superclass of its first alternative that
   * every alternative extends ({@code RuntimeException}), as javac and the bytecode see it.
   */
  private TypeMirror commonSuperclass(UnionType union) {
    List<? extends TypeMirror> alternatives = union.getAlternatives();
    TypeMirror candidate = alternatives.get(0);
    while (true) {
      TypeMirror erased = types.erasure(candidate);
      if (alternatives.stream().allMatch(a -> types.isSubtype(types.erasure(a), erased))) {
        return candidate;
      }
      List<? extends TypeMirror> supertypes = types.directSupertypes(candidate);
      if (supertypes.isEmpty()) {
        return candidate; // Object, which no exception reaches first
      }
      candidate = supertypes.get(0); // a class's superclass comes first
    }
  }

  /**
   * Whether {@code path} is a call of a JDK factory of a collection that never changes ({@code
   * List.of(a, b)}, {@code Map.copyOf(m)}, {@code Collections.emptyList()}; {@link
   * JdkApis#immutableFactory}).
   */
  public boolean immutableFactoryCall(TreePath path) {
    return path.getLeaf() instanceof MethodInvocationTree
        && trees.getElement(path) instanceof ExecutableElement factory
        && factory.getModifiers().contains(Modifier.STATIC)
        && JdkApis.immutableFactory(
            names.binaryName(JavaNames.enclosingType(factory)), factory.getSimpleName().toString());
  }

  /**
   * The name the reports give a call the table classifies, and by which the rewriter finds the
   * calls to record: for an instance method the receiver's erased static type and the signature
   * ({@code java.lang.ArithmeticException#getMessage()}, {@code p.Item#hashCode()}, although javac
   * resolves both to a member of a supertype), for a static method or a constructor the member
   * itself.
   *
   * @param receiver the static type of the receiver ({@link #receiverType}), or null
   */
  public String target(ExecutableElement callee, TypeMirror receiver) {
    if (callee.getModifiers().contains(Modifier.STATIC)
        || callee.getKind() == ElementKind.CONSTRUCTOR) {
      return names.methodId(callee);
    }
    return names.erased(receiver != null ? receiver : JavaNames.enclosingType(callee).asType())
        + "#"
        + names.signature(callee);
  }

  /** The type is the JDK class or interface {@code api} (a binary name) or a subtype. */
  public boolean isA(TypeMirror type, String api) {
    if (type == null
        || type.getKind() != TypeKind.DECLARED
            && type.getKind() != TypeKind.TYPEVAR
            && type.getKind() != TypeKind.ARRAY) {
      return false;
    }
    TypeMirror apiType =
        erasedTypes.computeIfAbsent(
            api,
            n -> {
              TypeElement e = elements.getTypeElement(n.replace('$', '.'));
              return e == null ? null : types.erasure(e.asType());
            });
    return apiType != null && types.isSubtype(types.erasure(type), apiType);
  }

  /**
   * An object of this static type may keep Object's {@code hashCode}: an {@link #identityHashed}
   * class, an array, or {@code Object} itself, which may be any object, one a closure made among
   * them ({@code new Object()}).
   */
  public boolean mayKeepObjectHashCode(TypeMirror type) {
    return identityHashed(type)
        || type.getKind() == TypeKind.ARRAY
        || type instanceof DeclaredType d
            && ((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.lang.Object");
  }

  /**
   * Keys of this type iterate in identity-hash order in a hash set or map, an order a validator
   * cannot reproduce: arrays, and {@link #identityHashed} types but for enums and {@code Class},
   * whose objects are the same in APP and VAL (a constant, a loaded class), and so is their order.
   */
  public boolean identityOrdered(TypeMirror key) {
    if (key.getKind() == TypeKind.ARRAY) {
      return true;
    }
    if (!identityHashed(key)) {
      return false;
    }
    Element element = types.asElement(key);
    return element.getKind() != ElementKind.ENUM
        && !(element instanceof TypeElement type
            && type.getQualifiedName().contentEquals("java.lang.Class"));
  }

  /**
   * A class or enum whose {@code hashCode} is the identity hash code (not Object itself: unknown);
   * a record whose generated {@code hashCode} combines such a component's, or an array's ({@code
   * record Entry(Task task, int prio)} with {@code Task} a class without one); a functional
   * interface of the JDK, or one of the program that says so (its objects are lambdas); an
   * interface of the program that such a class of the compilation implements.
   */
  boolean identityHashed(TypeMirror type) {
    return identityHashed(type, new HashSet<>());
  }

  private boolean identityHashed(TypeMirror type, Set<TypeElement> visiting) {
    if (type instanceof IntersectionType intersection) {
      // An object of every bound: it hashes by identity when none of them says otherwise.
      return intersection.getBounds().stream().allMatch(b -> identityHashed(b, visiting));
    }
    // Not instanceof: javac's intersection type is a DeclaredType whose class has no members.
    if (type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    if (element.getKind() == ElementKind.RECORD) {
      return !declaresHashCode(element)
          && visiting.add(element)
          && element.getRecordComponents().stream()
              .map(RecordComponentElement::asType)
              .anyMatch(
                  t ->
                      t.getKind() == TypeKind.ARRAY
                          // An enum constant is the same object in APP and VAL.
                          || identityHashed(t, visiting)
                              && types.asElement(t).getKind() != ElementKind.ENUM);
    }
    if (element.getKind() == ElementKind.INTERFACE) {
      // A lambda or a method reference hashes and prints by identity; an interface of the
      // program does when a class of the compilation implementing it does.
      if (JavaNames.isJdk(element)) {
        return functional(element);
      }
      return element.getAnnotation(FunctionalInterface.class) != null
          || visiting.add(element)
              && implementations(element).stream()
                  .anyMatch(c -> identityHashed(c.asType(), visiting));
    }
    if (element.getKind() != ElementKind.CLASS && element.getKind() != ElementKind.ENUM
        || element.getQualifiedName().contentEquals("java.lang.Object")) {
      return false;
    }
    for (Element member : elements.getAllMembers(element)) {
      if (member.getKind() == ElementKind.METHOD
          && member.getSimpleName().contentEquals("hashCode")
          && ((ExecutableElement) member).getParameters().isEmpty()) {
        String owner = JavaNames.enclosingType(member).getQualifiedName().toString();
        if (!owner.equals("java.lang.Object") && !owner.equals("java.lang.Enum")) {
          return visiting.add(element) && hashesByIdentity((ExecutableElement) member, visiting);
        }
      }
    }
    return true;
  }

  /**
   * A functional interface of the JDK: one abstract method besides those of Object's public methods
   * it may redeclare ({@code Comparator#equals}); its objects are mostly lambdas and method
   * references. (An interface of the program with one method may well be implemented by classes
   * only: it counts when it says {@code @FunctionalInterface}.)
   */
  private boolean functional(TypeElement type) {
    int abstractMethods = 0;
    for (Element member : elements.getAllMembers(type)) {
      if (member instanceof ExecutableElement method
          && method.getModifiers().contains(Modifier.ABSTRACT)
          && !isObjectMethod(method)) {
        abstractMethods++;
      }
    }
    return abstractMethods == 1;
  }

  /** An interface's abstract redeclaration of a public method of Object ({@code equals}). */
  public boolean isObjectMethod(ExecutableElement m) {
    TypeElement object = elements.getTypeElement("java.lang.Object");
    for (Element o : object.getEnclosedElements()) {
      if (o instanceof ExecutableElement om
          && om.getSimpleName().equals(m.getSimpleName())
          && om.getParameters().size() == m.getParameters().size()
          && elements.overrides(m, om, (TypeElement) m.getEnclosingElement())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The classes of the compilation (named ones, nested included) that are not abstract and
   * implement {@code type}.
   */
  private List<TypeElement> implementations(TypeElement type) {
    return implementations.computeIfAbsent(
        type,
        t -> {
          TypeMirror erased = types.erasure(t.asType());
          List<TypeElement> found = new ArrayList<>();
          for (TypeElement c : sourceTypes.get()) {
            if ((c.getKind() == ElementKind.CLASS || c.getKind() == ElementKind.RECORD)
                && !c.getModifiers().contains(Modifier.ABSTRACT)
                && types.isSubtype(types.erasure(c.asType()), erased)) {
              found.add(c);
            }
          }
          return found;
        });
  }

  /**
   * Whether a {@code hashCode()} of the program's source hashes something by identity: {@code
   * System.identityHashCode}, {@code super.hashCode()} of {@code Object}, or {@code Objects.hash},
   * {@code Objects.hashCode}, {@code Arrays.hashCode} or {@code x.hashCode()} of a value whose
   * class hashes by identity ({@code Objects.hash(tag, i)} with a {@code tag} of a class without a
   * hashCode). False for a library's hashCode, which has no tree here.
   */
  private boolean hashesByIdentity(ExecutableElement hashCode, Set<TypeElement> visiting) {
    TreePath method = trees.getPath(hashCode);
    if (method == null) {
      return false;
    }
    boolean[] found = {false};
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
        if (!found[0] && trees.getElement(getCurrentPath()) instanceof ExecutableElement called) {
          String owner = JavaNames.enclosingType(called).getQualifiedName().toString();
          String name = called.getSimpleName().toString();
          if (owner.equals("java.lang.System") && name.equals("identityHashCode")) {
            found[0] = true;
          } else if (name.equals("hashCode")
              && called.getParameters().isEmpty()
              && call.getMethodSelect() instanceof MemberSelectTree select) {
            ExpressionTree receiver = select.getExpression();
            found[0] =
                receiver instanceof IdentifierTree id && id.getName().contentEquals("super")
                    ? owner.equals("java.lang.Object")
                    : identityValue(receiver);
          } else if ((owner.equals("java.util.Objects")
                  && (name.equals("hash") || name.equals("hashCode")))
              || (owner.equals("java.util.Arrays")
                  && (name.equals("hashCode") || name.equals("deepHashCode")))) {
            for (ExpressionTree argument : call.getArguments()) {
              found[0] |= identityValue(argument);
            }
          }
        }
        return super.visitMethodInvocation(call, unused);
      }

      private boolean identityValue(ExpressionTree value) {
        // (Object) tag hashes what tag is: look through casts and parentheses.
        ExpressionTree hashed = MethodScope.unwrap(value);
        while (hashed instanceof TypeCastTree cast) {
          hashed = MethodScope.unwrap(cast.getExpression());
        }
        TypeMirror type = trees.getTypeMirror(new TreePath(getCurrentPath(), hashed));
        if (type instanceof javax.lang.model.type.ArrayType array) {
          type = array.getComponentType();
        }
        // An enum constant is the same object in APP and VAL.
        return type instanceof DeclaredType d
            && d.asElement().getKind() != ElementKind.ENUM
            && identityHashed(type, visiting);
      }
    }.scan(method, null);
    return found[0];
  }

  /**
   * The record declares {@code hashCode()} in its source, rather than taking the generated one
   * (which has no tree; a record of a library is taken to have the generated one).
   */
  private boolean declaresHashCode(TypeElement record) {
    return record.getEnclosedElements().stream()
        .anyMatch(
            m ->
                m.getKind() == ElementKind.METHOD
                    && m.getSimpleName().contentEquals("hashCode")
                    && ((ExecutableElement) m).getParameters().isEmpty()
                    && trees.getTree(m) != null);
  }
}
