package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.model.Allocation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Value;
import dev.orthrus.model.ValueKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A processor report keeps its source-level facts and gains the bytecode facts. */
class MergeTest {

  /** The golden map, tree and accumulator: small, stable sources. */
  private static final Path GOLDENS = Path.of("../orthrus-goldens/src/main/java");

  @Test
  void processorReportIsMergedWithBytecodeFacts() {
    String file = "golden/kvmap/KvMap.java";
    String id = "golden.kvmap.KvMap#set(java.lang.String,byte[],int)";
    // What the processor would write: source columns and parameter names, no escape states yet.
    ClosureModel fromSource =
        new ClosureModel(
            id,
            ClosureDescriptor.keyOf(id),
            "set",
            "golden.kvmap.KvMap",
            "set",
            "set(java.lang.String,byte[],int)",
            new SourcePosition(file, 46, 3),
            false,
            "EQUALS",
            new Value("this", "golden.kvmap.KvMap", ValueKind.NOT_COMPARABLE),
            List.of(new Value("key", "java.lang.String", ValueKind.STRING)),
            new Value("return", "boolean", ValueKind.PRIMITIVE),
            List.of(),
            List.of(),
            List.of(
                new Allocation(
                    "golden.kvmap.Item", true, id, new SourcePosition(file, 58, 27), null)),
            List.of(),
            List.of(),
            Set.of(),
            List.of(),
            List.of(),
            List.of());
    ClosureModel notCompiled =
        new ClosureModel(
            "com.example.Gone#op()",
            1,
            "op",
            "com.example.Gone",
            "op",
            "op()",
            SourcePosition.UNKNOWN,
            false,
            "EQUALS",
            null,
            List.of(),
            new Value("return", "void", ValueKind.VOID),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            Set.of(),
            List.of(),
            List.of(),
            List.of());
    ClosureReport processor =
        new ClosureReport(
            ClosureReport.SCHEMA_VERSION,
            "orthrus-processor",
            List.of("golden.kvmap.Item"),
            List.of(fromSource, notCompiled),
            List.of());

    AnalysisReport analysis =
        EscapeAnalyzer.analyze(
            AnalysisInput.of(Fixtures.compileSources(List.of(GOLDENS), "goldens"))
                .withProcessorReport(processor));
    ClosureReport merged = analysis.toClosureReport();

    assertEquals(AnalysisReport.GENERATOR, merged.generator());
    assertEquals(
        9, merged.closures().size(), "8 from bytecode (one merged) + 1 kept from the processor");
    ClosureModel set =
        merged.closures().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    assertEquals(3, set.source().column(), "source-level fields are the processor's");
    assertEquals("key", set.parameters().get(0).name());
    Allocation item = set.allocations().get(0);
    assertEquals(27, item.position().column());
    assertEquals(EscapeState.USER_DATA, item.escape());
    assertTrue(set.allocations().size() > 1, "allocations found only in bytecode are appended");
    assertTrue(set.reachableMethods().contains("golden.kvmap.KvMap#lookup(java.lang.String)"));
    assertEquals(Set.of(Tag.VECTOR), set.tags());
    ClosureModel gone =
        merged.closures().stream()
            .filter(c -> c.id().startsWith("com.example"))
            .findFirst()
            .orElseThrow();
    assertEquals(notCompiled, gone);
    assertNull(gone.receiver());
    assertTrue(
        analysis.diagnostics().stream()
            .anyMatch(
                d ->
                    d.key().equals(EscapeAnalyzer.CLOSURE_NOT_FOUND)
                        && d.message().contains("com.example.Gone#op()")));
  }
}
