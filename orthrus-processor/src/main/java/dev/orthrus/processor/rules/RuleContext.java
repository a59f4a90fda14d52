package dev.orthrus.processor.rules;

import dev.orthrus.model.SourcePosition;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.datapath.DataPath;
import dev.orthrus.processor.model.ValueClassifier;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.processor.summary.UserDataType;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * What a rule may look at: the data path of the compilation, the {@code @UserData} declarations it
 * contains, and the helpers to classify values and place diagnostics.
 */
public record RuleContext(
    DataPath dataPath,
    List<UserDataType> userDataTypes,
    ValueClassifier values,
    JavaNames names,
    Elements elements,
    Types types) {

  /** The type is the JDK class or interface {@code api} (a binary name) or a subtype. */
  public boolean isA(TypeMirror type, String api) {
    TypeElement e = elements.getTypeElement(api.replace('$', '.'));
    return e != null && types.isSubtype(types.erasure(type), types.erasure(e.asType()));
  }

  /**
   * Says where a fact is relative to the closure: nothing when it is in the closure itself, else
   * the helper and how it is reached.
   */
  public static String via(ClosureScope scope, String methodId) {
    List<String> chain = scope.chain(methodId);
    if (chain.size() <= 1) {
      return "";
    }
    return " in `"
        + methodId
        + "`, reached from closure `"
        + scope.id()
        + "` via "
        + String.join(" -> ", chain);
  }

  /** {@code Main.java:37}: a position's file name, without its folders, and line. */
  public static String fileAndLine(SourcePosition at) {
    String path = at.file();
    return path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1)
        + ":"
        + at.line();
  }

  /** The closure named in a message. */
  public static String closureName(ClosureScope scope, String methodId) {
    return scope.chain(methodId).size() <= 1
        ? "closure `" + scope.id() + "`"
        : "code on the data path";
  }
}
