package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;

/** A check of one registry rule. */
abstract class AbstractRule implements RuleCheck {

  private final Rule rule;

  AbstractRule(Rule rule) {
    this.rule = rule;
  }

  @Override
  public final Rule rule() {
    return rule;
  }
}
