package quotes;

/** An answer no code can change. */
public record Quote(long fee, String note, Kind kind) {}
