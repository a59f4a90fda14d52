package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;

/**
 * The processor's check of one rule of the registry ({@link Rule}: key, severity, summary and
 * documentation are declared there) over the compilation's data path.
 */
public interface RuleCheck {

  Rule rule();

  void check(RuleContext context, Findings findings);
}
