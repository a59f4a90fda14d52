package dev.orthrus.analysis.program;

import java.util.StringJoiner;
import soot.SootMethod;
import soot.SootMethodRef;
import soot.Type;

/**
 * Method ids as the model writes them: {@code owner#name(erased,params)}, binary class names
 * ({@code Outer$Inner}) and Java array syntax ({@code byte[]}).
 */
public final class MethodIds {

  private MethodIds() {}

  public static String of(SootMethod m) {
    return m.getDeclaringClass().getName() + "#" + signature(m.getName(), m.getParameterTypes());
  }

  public static String of(SootMethodRef ref) {
    return ref.getDeclaringClass().getName()
        + "#"
        + signature(ref.getName(), ref.getParameterTypes());
  }

  public static String signature(SootMethod m) {
    return signature(m.getName(), m.getParameterTypes());
  }

  private static String signature(String name, java.util.List<Type> params) {
    StringJoiner j = new StringJoiner(",", name + "(", ")");
    for (Type t : params) {
      j.add(t.toString());
    }
    return j.toString();
  }
}
