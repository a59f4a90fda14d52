package quotes;

/** How large a quote is. */
public enum Kind {
  LOW,
  HIGH
}
