package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import dev.orthrus.model.Allocation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.Tag;
import dev.orthrus.model.json.ClosureReportJson;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The ordered-index suite is ordinary user code (a binary search tree with a helper class, integer
 * {@code Math.min/max}, a JDK deque): it must compile without a single Orthrus finding, and its
 * model must say what the code does. The golden files pin every detail; this states the intent.
 */
class OrderedSuiteTest {

  @Test
  void compilesCleanlyWithTheRightModel() throws IOException {
    Compilation c = GoldenOutputTest.compileSuite("ordered");
    assertThat(c).succeededWithoutWarnings();
    assertThat(c.notes().stream().filter(d -> d.getMessage(null).contains("[orthrus.")).count())
        .isEqualTo(0);
    ClosureReport report =
        ClosureReportJson.read(GoldenOutputTest.resource(c, ClosureReport.RESOURCE_PATH));
    assertThat(report.userDataTypes())
        .containsExactly("demo.ordered.Node", "demo.ordered.OrderedIndex");
    assertThat(report.diagnostics()).isEmpty();

    ClosureModel insert = closure(report, "insert");
    assertThat(fields(insert.userDataWrites()))
        .containsAtLeast(
            "demo.ordered.OrderedIndex.root",
            "demo.ordered.OrderedIndex.size",
            "demo.ordered.Node.value",
            "demo.ordered.Node.left",
            "demo.ordered.Node.right");
    assertThat(insert.allocations().stream().filter(Allocation::userData).count()).isEqualTo(3);
    assertThat(insert.tags()).isEmpty();

    ClosureModel get = closure(report, "get");
    assertThat(get.userDataWrites()).isEmpty();
    // Reads in the helper class of the second file belong to the closure too.
    assertThat(
            get.userDataReads().stream()
                .map(FieldAccess::method)
                .distinct()
                .collect(Collectors.toList()))
        .contains("demo.ordered.Subtrees#find(demo.ordered.Node,long)");

    ClosureModel rangeCount = closure(report, "rangeCount");
    assertThat(rangeCount.userDataWrites()).isEmpty();
    assertThat(rangeCount.tags()).isEmpty(); // Math.min/max on longs is integer arithmetic

    ClosureModel remove = closure(report, "remove");
    assertThat(fields(remove.userDataWrites())).contains("demo.ordered.Node.left");
    assertThat(
            remove.userDataWrites().stream()
                .map(FieldAccess::method)
                .distinct()
                .collect(Collectors.toList()))
        .containsAtLeast(
            "demo.ordered.OrderedIndex#removeFrom(demo.ordered.Node,long)",
            "demo.ordered.Subtrees#removeMin(demo.ordered.Node)");

    ClosureModel average = closure(report, "averageValue");
    assertThat(average.tags()).containsExactly(Tag.FLOATING_POINT);
    assertThat(average.userDataWrites()).isEmpty();
    assertThat(average.allocations().stream().map(Allocation::type).collect(Collectors.toList()))
        .containsExactly("java.util.ArrayDeque");
  }

  private static ClosureModel closure(ClosureReport report, String method) {
    return report.closures().stream()
        .filter(m -> m.method().equals(method))
        .findFirst()
        .orElseThrow();
  }

  private static List<String> fields(List<FieldAccess> accesses) {
    return accesses.stream()
        .map(a -> a.owner() + "." + a.field())
        .distinct()
        .collect(Collectors.toList());
  }
}
