package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;

/**
 * One Orthrus rule: a stable key (diagnostics start with {@code [key]}), a default severity, a
 * one-line summary, and a check over the compilation's data path. Each rule is documented in
 * {@code docs/rules/<key>.md}.
 */
public interface Rule {

  String key();

  Severity severity();

  String summary();

  void check(RuleContext context, Findings findings);
}
