/**
 * A Java agent that emulates a faulty CPU core (issue 12): it lists the sites of a protected
 * program's classes where an instruction produces a value, counts how often each runs (profile),
 * and corrupts the value of one chosen site, once or every n-th time. Options: {@link
 * AgentOptions}. Decision 0033.
 */
package dev.orthrus.inject;
