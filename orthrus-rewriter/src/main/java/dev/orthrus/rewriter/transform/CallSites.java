package dev.orthrus.rewriter.transform;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import dev.orthrus.annotations.ClosureDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The static {@code CallSite}s of one file: one per (closure, calling method), declared in the
 * class that holds the call, so that sampling sees each caller of a closure apart.
 */
final class CallSites {

  private final Plan plan;
  private final String pkg;
  private final CompilationUnit unit;
  private final Map<TypeDeclaration<?>, List<FieldDeclaration>> fields = new IdentityHashMap<>();
  private final Map<String, String> names = new HashMap<>();
  private final Set<String> taken = new HashSet<>();
  private final Map<TypeDeclaration<?>, TypeDeclaration<?>> enumSites = new IdentityHashMap<>();

  /**
   * @param pkg the file's package
   */
  CallSites(Plan plan, String pkg, CompilationUnit unit) {
    this.plan = plan;
    this.pkg = pkg;
    this.unit = unit;
  }

  /** The site field for a call of {@code closure} from {@code caller}, declared on first use. */
  Expression site(Node call, String closure, String caller) {
    // A call in a lambda rewritten apart from its method (one a recorded call runs) is in no
    // type yet: its site lives in the caller's class.
    TypeDeclaration<?> declaring =
        call.findAncestor(TypeDeclaration.class).orElseGet(() -> declaringType(caller));
    // An enum's constructors and instance initializers may not read its static fields (JLS
    // 8.9.2): their sites live in a nested class of the enum.
    boolean nested = declaring instanceof EnumDeclaration && inInstanceInitialization(call);
    TypeDeclaration<?> holder = nested ? enumSites(declaring) : declaring;
    String key = closure + "@" + caller + "@" + System.identityHashCode(holder);
    String name = names.get(key);
    if (name == null) {
      String base =
          plan.bindingFields.get(closure) + "_FROM_" + Plan.constantName(callerName(caller));
      name = base;
      String holderName = FileRewriter.binaryName(holder, pkg);
      for (int i = 2;
          !taken.add(holder.getNameAsString() + "." + name) || !plan.freeConstant(holderName, name);
          i++) {
        name = base + "_" + i;
      }
      names.put(key, name);
      String owner = closure.substring(0, closure.indexOf('#'));
      FieldDeclaration field =
          FileRewriter.constant(
              holder,
              "CallSite",
              name,
              plan.facts.expressionName(owner, pkg)
                  + "."
                  + ClosureMethods.HOLDER
                  + "."
                  + plan.bindingFields.get(closure)
                  + ".site("
                  + ClosureDescriptor.keyOf(caller)
                  + ")");
      fields.computeIfAbsent(holder, h -> new ArrayList<>()).add(field);
      plan.callSites
          .computeIfAbsent(closure, c -> new ArrayList<>())
          .add(holder.getNameAsString() + "." + name + " <- " + caller);
    }
    return new NameExpr(nested ? ENUM_SITES + "." + name : name);
  }

  /**
   * The class nested in an enum that holds the sites of calls made while its constants are made.
   */
  static final String ENUM_SITES = "Sites$";

  private TypeDeclaration<?> enumSites(TypeDeclaration<?> enumeration) {
    return enumSites.computeIfAbsent(
        enumeration,
        e -> {
          ClassOrInterfaceDeclaration sites =
              new ClassOrInterfaceDeclaration(
                  new NodeList<>(
                      Modifier.privateModifier(),
                      Modifier.staticModifier(),
                      Modifier.finalModifier()),
                  false,
                  ENUM_SITES);
          e.addMember(sites);
          return sites;
        });
  }

  /** Whether {@code call} is in a constructor, an instance initializer or an instance field's. */
  private static boolean inInstanceInitialization(Node call) {
    for (Node n = call; n != null; n = n.getParentNode().orElse(null)) {
      if (n instanceof ConstructorDeclaration) {
        return true;
      }
      if (n instanceof InitializerDeclaration initializer) {
        return !initializer.isStatic();
      }
      if (n instanceof FieldDeclaration field) {
        return !field.isStatic();
      }
      if (n instanceof MethodDeclaration || n instanceof TypeDeclaration<?>) {
        return false;
      }
    }
    return false;
  }

  /**
   * Adds the declared site fields to their classes, after the closure bindings at the top (their
   * holder and the sites for outside callers) and before the class's own members, whose static
   * initializers may already call closures.
   */
  void declare() {
    fields.forEach(
        (holder, declared) -> holder.getMembers().addAll(afterBindings(holder), declared));
  }

  /**
   * Where a constant that the class's static initializer may need goes: after the holder of the
   * closure bindings the class starts with and their {@code _ANY} sites.
   */
  static int afterBindings(TypeDeclaration<?> holder) {
    int at = 0;
    while (at < holder.getMembers().size() && isBinding(holder.getMember(at))) {
      at++;
    }
    return at;
  }

  private static boolean isBinding(BodyDeclaration<?> member) {
    return ClosureMethods.isHolder(member)
        || member instanceof FieldDeclaration f
            && f.isStatic()
            && f.getElementType().asString().equals("CallSite")
            && f.getVariable(0).getNameAsString().endsWith("_ANY");
  }

  boolean any() {
    return !fields.isEmpty();
  }

  /** The type of this file that declares {@code caller} ({@code p.Outer$Inner#m(int)}). */
  private TypeDeclaration<?> declaringType(String caller) {
    String owner = caller.substring(0, caller.indexOf('#'));
    for (TypeDeclaration<?> type : unit.findAll(TypeDeclaration.class)) {
      if (FileRewriter.binaryName(type, pkg).equals(owner)) {
        return type;
      }
    }
    throw new IllegalStateException("no type of the file declares " + caller);
  }

  private static String callerName(String caller) {
    String name = caller.substring(caller.indexOf('#') + 1);
    int paren = name.indexOf('(');
    name = paren < 0 ? name : name.substring(0, paren);
    return switch (name) {
      case "<init>" -> "constructor";
      case "<clinit>" -> "staticInit";
      default -> name;
    };
  }
}
