package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;

import dev.orthrus.model.rules.Rule;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The processor checks every registry rule it is declared to report (docs and the README table are
 * checked against the registry in orthrus-model), and nothing else.
 */
class RuleChecksTest {

  /** Reported by OrthrusProcessor itself, outside the rule checks. */
  private static final Set<Rule> REPORTED_BY_THE_PROCESSOR =
      EnumSet.of(Rule.STALE_CATALOG, Rule.INTERNAL);

  @Test
  void everyProcessorRuleHasOneCheck() {
    Set<Rule> checked = EnumSet.noneOf(Rule.class);
    for (RuleCheck check : RuleChecks.all()) {
      assertThat(checked.add(check.rule())).isTrue();
    }
    Set<Rule> expected = Rule.reportedBy(Rule.Stage.PROCESSOR);
    expected.removeAll(REPORTED_BY_THE_PROCESSOR);
    assertThat(checked).containsExactlyElementsIn(expected);
  }
}
