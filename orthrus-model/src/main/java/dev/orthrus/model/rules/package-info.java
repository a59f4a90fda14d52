/**
 * The rule registry: every rule's key, severity, suppressibility and documentation, declared once
 * and read by the processor, the bytecode analysis, the report renderers and the README's table;
 * and the one way to read a report's findings ({@link dev.orthrus.model.rules.RuleFinding}).
 */
package dev.orthrus.model.rules;
