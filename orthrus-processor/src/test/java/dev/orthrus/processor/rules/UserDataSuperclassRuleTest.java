package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.processor.Snippets;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class UserDataSuperclassRuleTest {

  private static final String KEY = "[orthrus.userdata.superclass]";

  @Test
  void flagsUserDataExtendingPlainClassesAndOnInterfacesAndEnums() {
    JavaFileObject base =
        source(
            "t.Base",
            """
        package t;
        public class Base {
          int inherited;
        }
        """);
    JavaFileObject f =
        source(
            "t.Shapes",
            """
        package t;
        import dev.orthrus.annotations.UserData;
        public final class Shapes {
          @UserData
          static final class Square
              extends Base {
            int side;
          }
          @UserData interface Shape {}
          @UserData enum Color { RED, GREEN }
        }
        """);
    Compilation c = compile(base, f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            KEY
                + " @UserData class `t.Shapes$Square` extends `t.Base`, which is not "
                + "@UserData")
        .inFile(f)
        .onLineContaining("extends Base");
    assertThat(c)
        .hadErrorContaining(KEY + " interface `t.Shapes$Shape` cannot be @UserData")
        .inFile(f)
        .onLineContaining("@UserData interface Shape");
    assertThat(c)
        .hadErrorContaining(KEY + " enum `t.Shapes$Color` cannot be @UserData")
        .inFile(f)
        .onLineContaining("@UserData enum Color");
    assertThat(Snippets.findings(c, "orthrus.userdata.superclass")).hasSize(3);
  }

  @Test
  void rootClassesUserDataSubclassesAndRecordsAreFine() {
    JavaFileObject f =
        source(
            "t.Tree",
            """
        package t;
        import dev.orthrus.annotations.UserData;
        @UserData
        public abstract class Tree {
          int size;
          @UserData
          static final class Leaf extends Tree {
            long key;
          }
          @UserData
          record Point(long x, long y) {}
          @UserData
          static final class Generic<T> extends Tree {
            T value;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.userdata.superclass");
  }
}
