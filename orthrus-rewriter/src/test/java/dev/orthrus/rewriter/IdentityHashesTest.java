package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Identity hashes of objects a closure made, read inside the JDK ({@code
 * src/test/resources/identity-hashes}): {@code Objects.hash}, a list's hash code, {@code
 * String.valueOf}, a string concatenation and {@code Object.toString} of a class that keeps
 * Object's {@code hashCode}. The JDK's hashing and printing methods with such operands are recorded
 * (even one bit of their result, which confirming re-executions could not tell from a fault); the
 * others a validator reads without the identity hashes or, when its re-executions disagree, counts
 * as not validated. Before, most such executions were reported as corruptions on a fault-free run.
 * Arrays keep Object's {@code hashCode} and {@code toString} too, and so do lambdas (whose class
 * names differ between the variants as well) and objects of an interface whose class keeps them; a
 * thread prints its name.
 */
class IdentityHashesTest {

  private static final Path SOURCES = Path.of("src/test/resources/identity-hashes");

  @Test
  void identityHashesReadByTheJdkAreNeverDetections(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String generated = Builds.generated(out, "ids/Probe.java");
    for (String recorded :
        new String[] {
          "log.nondetBits(Objects.hash(new Tag(k), \"x\"))",
          "log.nondetBits(List.of(new Tag(k)).hashCode())",
          "log.nondetRef(String.valueOf(new Tag(k)))",
          "log.nondetRef(new Tag(k).toString())",
          "\"probe \" + log.nondetRef(java.lang.String.valueOf(this))",
          "sb.append(log.nondetRef(java.lang.String.valueOf(new Tag(k))))",
          "log.nondetRef(scratch.toString())",
          "\"\" + log.nondetRef(java.lang.String.valueOf(x))",
          "log.nondetBits(Objects.hash(new int[1], k))",
          "log.nondetRef(java.util.Arrays.toString(rows)).length() + java.util.Arrays.deepToString(rows)",
          "log.nondetRef(List.of(new Tag(k)).toString())",
          "log.nondetRef(List.of(new int[k % 2]).toString())"
        }) {
      assertTrue(generated.contains(recorded), recorded + " in\n" + generated);
    }
    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"), 1.0);
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("ids.Probe");
      Object probe = type.getConstructor().newInstance();
      List<String> names =
          List.of(
              "objectsHash",
              "listHash",
              "concatenated",
              "printed",
              "objectsHashBit",
              "listHashBit",
              "printedLength",
              "described",
              "appendedBit",
              "arrayPrintedLength",
              "arrayConcatenatedLength",
              "arrayAppendedLength",
              "arrayHashedBit",
              "arrayHashCodeBit",
              "nestedArraysPrintedLength",
              "listPrintedLength",
              "listOfArraysPrintedLength",
              "recordPrintedLength",
              "optionalAndConcatenatedListPrintedLength",
              "lambdaPrintedLength",
              "lambdaConcatenatedLength",
              "shapePrintedLength",
              "threadPrintedLength",
              "superHashBit",
              "madeClassNames",
              "plain");
      for (String name : names) {
        var m = type.getMethod(name, int.class);
        for (int i = 0; i < 400; i++) {
          m.invoke(probe, i);
        }
      }
      assertTrue(rt.awaitDrained(30_000));
      assertEquals(List.of(), found, "no detection on a fault-free run");
      assertEquals(400 * names.size(), rt.validatedCount(), "every execution validated");
      assertEquals(0, rt.notValidatedCount());
    } finally {
      rt.close();
    }
  }
}
