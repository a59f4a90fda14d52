package dev.orthrus.rewriter.transform;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.stmt.BlockStmt;
import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.Tag;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The members generated for one closure besides its variants: the {@code ClosureBinding} (the
 * descriptor and the VAL entry a validator calls), declared in the class's {@link #HOLDER}, the
 * site for callers outside the instrumented sources, and the two dispatchers (the original
 * signature, and the one that takes a {@code CallSite}).
 */
final class ClosureMethods {

  /**
   * The nested class of a closure's class that holds its bindings. A caller's site names a binding
   * there ({@code Counter.Bindings$.ADD.site(..)}), so that initializing the caller initializes
   * that class, which runs no code of the program, and not the closure's class: the program's
   * classes initialize when they would without Orthrus (decision 0084).
   */
  static final String HOLDER = ClosureDescriptor.BINDINGS_HOLDER;

  private final ClosureModel closure;
  private final String binding;

  /** What the names of the closure's generated methods start with ({@code Plan#stem}). */
  private final String stem;

  private final String ownerType;
  private final MethodDeclaration method;
  private final List<String> erasedParameters;
  private final List<Boolean> userDataParameters;

  /**
   * @param ownerType the closure's class as its own source names it ({@code Outer.Inner})
   * @param method the closure's declaration, with its original signature
   */
  ClosureMethods(
      ClosureModel closure,
      String binding,
      String stem,
      String ownerType,
      MethodDeclaration method,
      List<String> erasedParameters,
      List<Boolean> userDataParameters) {
    this.closure = closure;
    this.binding = binding;
    this.stem = stem;
    this.ownerType = ownerType;
    this.method = method;
    this.erasedParameters = erasedParameters;
    this.userDataParameters = userDataParameters;
  }

  /** The names the dispatcher's locals take: never one of the closure's parameter names. */
  private String local(String name) {
    Set<String> params = new HashSet<>();
    method.getParameters().forEach(p -> params.add(p.getNameAsString()));
    String n = name;
    while (params.contains(n)) {
      n = n + "$";
    }
    return n;
  }

  private String access() {
    var k = UserDataClass.keyword(method.getAccessSpecifier());
    return k == null ? "" : k.asString() + " ";
  }

  /** What the dispatcher logs, for the report: the receiver, each argument, the result. */
  List<String> logged() {
    List<String> out = new ArrayList<>();
    if (!method.isStatic()) {
      out.add("receiver");
    }
    for (Parameter p : method.getParameters()) {
      out.add(p.getNameAsString() + ": " + (isPrimitive(typeOf(p)) ? "bits" : "ref"));
    }
    String result = method.getType().asString();
    out.add(
        "result: "
            + (result.equals("void") ? "void" : isPrimitive(result) ? "bits" : "ref")
            + ", or the exception");
    return out;
  }

  static boolean isHolder(BodyDeclaration<?> member) {
    return member instanceof ClassOrInterfaceDeclaration c && c.getNameAsString().equals(HOLDER);
  }

  /** The binding, a member of the class's {@link #HOLDER}. */
  BodyDeclaration<?> binding() {
    String id = closure.id();
    String descriptor =
        String.format(
            "new ClosureDescriptor(\"%s\", %d, \"%s\", %b, %b, %b, Comparison.%s)",
            escape(id),
            closure.key(),
            escape(closure.name()),
            closure.tags().contains(Tag.FLOATING_POINT),
            closure.tags().contains(Tag.VECTOR),
            closure.strict(),
            closure.comparison());
    List<String> args = new ArrayList<>();
    args.add("replay");
    int refs = 0;
    int bits = 0;
    for (String type : erasedParameters) {
      String canonical = type.replace('$', '.');
      if (isPrimitive(type)) {
        args.add(fromBits(type, "log.bitsArg(" + bits++ + ")"));
      } else {
        args.add("(" + canonical + ") log.refArg(" + refs++ + ")");
      }
    }
    String call =
        (method.isStatic() ? ownerType : "((" + ownerType + ") log.receiver())")
            + "."
            + stem
            + "Val("
            + String.join(", ", args)
            + ")";
    String result = method.getType().asString();
    String val =
        result.equals("void")
            ? "{ " + call + "; replay.returnVoid(); }"
            : isPrimitive(result)
                ? "replay.returnBits(" + toComparedBits(result, call) + ")"
                : "replay.returnRef(" + call + ")";
    // Public unless the closure is private: a subclass calling a protected closure names it
    // through the holder, as callers of an interface's closure do (its members were public).
    return StaticJavaParser.parseBodyDeclaration(
        (method.isPrivate() ? "private " : "public ")
            + "static final ClosureBinding "
            + binding
            + " = new ClosureBinding("
            + descriptor
            + ", (log, replay) -> "
            + val
            + ");");
  }

  /** The site of callers outside the instrumented sources, a member of the closure's class. */
  BodyDeclaration<?> anySite() {
    return StaticJavaParser.parseBodyDeclaration(
        "/** The site of callers outside the instrumented sources. */\n"
            + access()
            + "static final CallSite "
            + binding
            + "_ANY = "
            + HOLDER
            + "."
            + binding
            + ".site(0);");
  }

  /**
   * The original signature: callers the rewriter did not see come in through the shared site. With
   * {@code routed} (the class's flag of overrides that are not closures), an object whose class has
   * such an override reaches this method only through {@code super.m(...)} from that override,
   * which is already running: the site dispatcher must run this class's body, not the override a
   * second time, so the override counts as entered (decision 0047).
   */
  void toDispatcher(String routed) {
    List<String> args = new ArrayList<>();
    method.getParameters().forEach(p -> args.add(p.getNameAsString()));
    args.add(siteIndex(method), binding + "_ANY");
    String call = method.getNameAsString() + "(" + String.join(", ", args) + ");\n";
    String ret = method.getType().isVoidType() ? "" : "return ";
    String guarded = routed == null ? "" : whileRouted(routed, ret + call);
    method.setBody(StaticJavaParser.parseBlock("{\n" + guarded + ret + call + "}"));
  }

  /**
   * {@code statement} run with this object's override that is not a closure marked as running
   * ({@code Overrides.enter}), when its class has one ({@code routed}); it returns, so the code
   * after it runs otherwise.
   */
  private String whileRouted(String routed, String statement) {
    return "if ("
        + routed
        + ".get(getClass()) && Overrides.enter(this)) {\ntry {\n"
        + statement
        + (method.getType().isVoidType() ? "return;\n" : "")
        + "} finally {\nOverrides.exit(this);\n}\n}\n";
  }

  /**
   * The dispatcher that takes the caller's site, and the method it calls for a logged execution.
   * The dispatcher begins and runs the plain variant when the execution is not sampled; the logged
   * path is a method of its own, so the dispatcher stays small enough for the JIT to inline into
   * its callers (decision 0025).
   */
  List<MethodDeclaration> siteDispatcher(String routed) {
    MethodDeclaration d = method.clone();
    d.removeJavaDocComment();
    d.getAnnotations().clear();
    String site = local("site");
    addSiteParameter(d, site);
    String rt = local("rt");
    String log = local("log");
    String result = local("result");
    String thrown = local("e");
    String name = method.getNameAsString();
    String args =
        method.getParameters().stream()
            .map(Parameter::getNameAsString)
            .collect(Collectors.joining(", "));
    String resultType = method.getType().asString();
    boolean isVoid = method.getType().isVoidType();
    String ret = isVoid ? "" : "return ";
    String after = isVoid ? "return;\n" : "";
    String tail = args.isEmpty() ? "" : ", " + args;

    StringBuilder b = new StringBuilder("{\n");
    if (routed != null) {
      // The object's class overrides the method without being a closure itself (an override
      // that is not annotated, one outside the sources): run it, as a virtual call does. Its
      // super.m(...) comes back here once, and then runs this class's body.
      b.append(whileRouted(routed, ret + name + "(" + args + ");\n"));
    }
    b.append("ClosureRuntime ").append(rt).append(" = Orthrus.runtime();\n");
    boolean checks = userDataParameters.contains(true);
    if (checks) {
      b.append("try {\n");
    }
    b.append("ClosureLog ").append(log).append(" = ").append(rt).append(".begin(");
    b.append(site).append(");\n");
    b.append("if (").append(log).append(" == null) {\n");
    b.append(ret).append(stem).append("Plain(").append(args).append(");\n").append(after);
    b.append("}\n");
    b.append(ret).append(stem).append("Logged(").append(rt).append(", ").append(log);
    b.append(tail).append(");\n");
    if (checks) {
      b.append("} catch (ChecksumMismatchException ").append(thrown).append(") {\n");
      b.append("throw ").append(rt).append(".corrupted(").append(site).append(", ");
      b.append(thrown).append(");\n}\n");
    }
    b.append("}");
    d.setBody(StaticJavaParser.parseBlock(b.toString()));

    MethodDeclaration logged = method.clone();
    logged.removeJavaDocComment();
    logged.getAnnotations().clear();
    logged.setName(stem + "Logged");
    logged.getModifiers().removeIf(m -> m.getKeyword() != Modifier.Keyword.STATIC);
    logged.addModifier(Modifier.Keyword.PRIVATE);
    logged.getParameters().add(0, new Parameter(StaticJavaParser.parseType("ClosureLog"), log));
    logged.getParameters().add(0, new Parameter(StaticJavaParser.parseType("ClosureRuntime"), rt));
    StringBuilder l = new StringBuilder("{\n");
    if (!method.isStatic()) {
      // A spy or mock of the closure's object (tests): its plain variant, whose calls on this the
      // object answers as stubbed; the log goes unvalidated (decision 0100).
      l.append("if (Overrides.MOCKITO && Overrides.intercepted(this)) {\n");
      l.append(log).append(".interceptedReceiver();\n");
      l.append(rt).append(".publish(").append(log).append(");\n");
      l.append(ret).append(stem).append("Plain(").append(args).append(");\n").append(after);
      l.append("}\n");
      l.append(log).append(".receiver(this);\n");
    }
    for (Parameter p : method.getParameters()) {
      String type = typeOf(p);
      if (isPrimitive(type)) {
        l.append(log).append(".argBits(").append(toBits(type, p.getNameAsString())).append(");\n");
      } else {
        l.append(log).append(".argRef(").append(p.getNameAsString()).append(");\n");
      }
    }
    String app = stem + "App(" + log + tail + ")";
    if (!isVoid) {
      l.append(resultType).append(' ').append(result).append(";\n");
    }
    l.append("try {\n").append(isVoid ? "" : result + " = ").append(app).append(";\n");
    l.append("} catch (Throwable ").append(thrown).append(") {\n");
    l.append(log).append(".threw(").append(thrown).append(");\n");
    l.append(rt).append(".publish(").append(log).append(");\n");
    l.append("throw ").append(thrown).append(";\n}\n");
    if (isVoid) {
      l.append(log).append(".returnVoid();\n");
    } else if (isPrimitive(resultType)) {
      l.append(log)
          .append(".returnBits(")
          .append(toComparedBits(resultType, result))
          .append(");\n");
    } else {
      l.append(log).append(".returnRef(").append(result).append(");\n");
    }
    l.append(rt).append(".publish(").append(log).append(");\n");
    if (!isVoid) {
      l.append("return ").append(result).append(";\n");
    }
    l.append("}");
    logged.setBody(StaticJavaParser.parseBlock(l.toString()));
    return List.of(d, logged);
  }

  /**
   * The control-path check of user data a closure gets from its caller (decision 0012): the object
   * is checked against its checksum before the closure computes on it (the plain variant checks the
   * fields in place; APP and VAL load, and log or replay, the version they check).
   */
  void checkParameters(MethodDeclaration variant, Variant kind, String context) {
    BlockStmt body = variant.getBody().orElseThrow();
    List<Parameter> params = method.getParameters();
    for (int i = params.size() - 1; i >= 0; i--) {
      if (!userDataParameters.get(i)) {
        continue;
      }
      String p = params.get(i).getNameAsString();
      String load =
          kind == Variant.PLAIN
              ? "ControlPath.verify(" + p + ")"
              : "ControlPath.load(" + context + ", " + p + ")";
      body.addStatement(
          0, StaticJavaParser.parseStatement("if (" + p + " != null) { " + load + "; }"));
    }
  }

  /**
   * Adds a dispatcher's {@code CallSite} parameter: last, or before the variable-arity parameter of
   * a varargs method, so that a call's variable arguments still come last.
   */
  static void addSiteParameter(MethodDeclaration dispatcher, String name) {
    dispatcher
        .getParameters()
        .add(siteIndex(dispatcher), new Parameter(StaticJavaParser.parseType("CallSite"), name));
  }

  /** Where a dispatcher of {@code m} takes its site ({@link #addSiteParameter}). */
  private static int siteIndex(MethodDeclaration m) {
    NodeList<Parameter> params = m.getParameters();
    return !params.isEmpty() && params.getLast().orElseThrow().isVarArgs()
        ? params.size() - 1
        : params.size();
  }

  /** A parameter's type as a local of it has it: {@code long[]} for {@code long... amounts}. */
  static String typeOf(Parameter p) {
    return p.getType().asString() + (p.isVarArgs() ? "[]" : "");
  }

  static boolean isPrimitive(String type) {
    return switch (type) {
      case "boolean", "byte", "short", "char", "int", "long", "float", "double" -> true;
      default -> false;
    };
  }

  /** The bits of a primitive value as the log keeps an argument: exact, so VAL gets the same. */
  static String toBits(String type, String value) {
    return switch (type) {
      case "boolean" -> value + " ? 1 : 0";
      case "float" -> "Float.floatToRawIntBits(" + value + ")";
      case "double" -> "Double.doubleToRawLongBits(" + value + ")";
      default -> value;
    };
  }

  /**
   * The bits of a primitive result as APP and VAL compare them: every NaN as the one canonical NaN,
   * since which NaN an operation on NaNs gives depends on the code the JIT made (decision 0060).
   */
  static String toComparedBits(String type, String value) {
    return switch (type) {
      case "float" -> "Float.floatToIntBits(" + value + ")";
      case "double" -> "Double.doubleToLongBits(" + value + ")";
      default -> toBits(type, value);
    };
  }

  static String fromBits(String type, String bits) {
    return switch (type) {
      case "boolean" -> bits + " != 0";
      case "float" -> "Float.intBitsToFloat((int) " + bits + ")";
      case "double" -> "Double.longBitsToDouble(" + bits + ")";
      case "long" -> bits;
      default -> "(" + type + ") " + bits;
    };
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
