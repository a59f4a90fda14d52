package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.FieldAccess;
import org.junit.jupiter.api.Test;

/**
 * Element stores into an array a user-data field holds ({@code tree.slots[i] = n}) are writes of
 * that field's elements in the bytecode analysis too, as the processor reports them ({@code
 * Tree.slots[]}): a jar analyzed without its processor report listed none of them.
 */
class ElementAccessTest {

  @Test
  void anElementStoreThroughAUserDataFieldIsAWriteOfItsElements() {
    AnalysisReport report = EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("escape")));
    ClosureModel insert =
        report.closures().stream()
            .map(ClosureAnalysis::model)
            .filter(m -> m.id().startsWith("fixtures.escape.Escapes#insertSlot"))
            .findFirst()
            .orElseThrow();
    assertTrue(
        insert.userDataWrites().stream().map(FieldAccess::field).anyMatch(f -> f.equals("slots[]")),
        insert.userDataWrites()::toString);
    assertTrue(
        insert.userDataWrites().stream()
            .filter(w -> w.field().equals("slots[]"))
            .allMatch(w -> w.type().equals("fixtures.escape.Node")),
        insert.userDataWrites()::toString);
  }
}
