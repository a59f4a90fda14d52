package dev.orthrus.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.annotations.ClosureDescriptor;
import org.junit.jupiter.api.Test;

/** A detection's caller id named from the rewriter report's call sites. */
class CallerNamesTest {

  @Test
  void aListedCallerIsNamedAndAnotherKeepsItsId() {
    String caller =
        "dev.orthrus.samples.kvcache.protocol.CommandHandler#retrieve(java.util.List,int)";
    CallerNames names =
        CallerNames.parse(
            "{\"closures\": [{\"callSites\": [\"CommandHandler.GET_FROM_RETRIEVE <- "
                + caller
                + "\"]}]}");
    assertEquals("CommandHandler.retrieve", names.name(ClosureDescriptor.keyOf(caller)));
    assertEquals("caller 12", names.name(12));
  }
}
