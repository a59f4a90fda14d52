package dev.orthrus.processor.summary;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.StringJoiner;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The names Orthrus uses for classes and methods. Types are written with binary names ({@code
 * a.b.Outer$Inner}) and erased, so ids match what the bytecode analysis sees.
 */
public final class JavaNames {

  private final Elements elements;
  private final Types types;

  public JavaNames(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  public String binaryName(TypeElement type) {
    return elements.getBinaryName(type).toString();
  }

  /** The erased type in binary form: {@code java.lang.String}, {@code byte[]}, {@code a.B$C}. */
  public String erased(TypeMirror type) {
    switch (type.getKind()) {
      case ARRAY:
        return erased(((ArrayType) type).getComponentType()) + "[]";
      case DECLARED:
        return binaryName((TypeElement) ((DeclaredType) type).asElement());
      case TYPEVAR:
        return erased(types.erasure(((TypeVariable) type).getUpperBound()));
      case INTERSECTION:
      case UNION:
        return erased(types.erasure(type));
      default:
        return type.toString();
    }
  }

  /** {@code name(erased,params)}, with {@code <init>} for constructors. */
  public String signature(ExecutableElement method) {
    StringJoiner params = new StringJoiner(",", "(", ")");
    for (VariableElement p : method.getParameters()) {
      params.add(erased(p.asType()));
    }
    return method.getSimpleName() + params.toString();
  }

  /** {@code owner#name(erased,params)}. */
  public String methodId(ExecutableElement method) {
    return binaryName(enclosingType(method)) + "#" + signature(method);
  }

  /**
   * A class or interface of the JDK ({@code java.*}, {@code javax.*}, {@code jdk.*}), as the
   * rewriter tells them apart: never one of the sources.
   */
  /** {@code roots} and every class nested in them (named ones: members), roots first. */
  public static Set<TypeElement> withNested(Collection<? extends TypeElement> roots) {
    Set<TypeElement> all = new LinkedHashSet<>();
    Deque<TypeElement> pending = new ArrayDeque<>(roots);
    while (!pending.isEmpty()) {
      TypeElement type = pending.poll();
      if (all.add(type)) {
        for (Element member : type.getEnclosedElements()) {
          if (member instanceof TypeElement nested) {
            pending.add(nested);
          }
        }
      }
    }
    return all;
  }

  /**
   * Whether {@code binaryName} names an anonymous or a local class, or a class nested in one: it
   * has a {@code $1} or {@code $1Local} part.
   */
  public static boolean isLocalOrAnonymous(String binaryName) {
    return LOCAL_OR_ANONYMOUS.matcher(binaryName).find();
  }

  private static final Pattern LOCAL_OR_ANONYMOUS = Pattern.compile("\\$\\d");

  public static boolean isJdk(TypeElement type) {
    String name = type.getQualifiedName().toString();
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.");
  }

  public static TypeElement enclosingType(Element element) {
    Element e = element;
    while (e != null && !(e instanceof TypeElement)) {
      e = e.getEnclosingElement();
    }
    return (TypeElement) e;
  }

  public static TypeElement topLevelType(Element element) {
    TypeElement type = enclosingType(element);
    while (type != null && type.getEnclosingElement() instanceof TypeElement outer) {
      type = outer;
    }
    return type;
  }
}
