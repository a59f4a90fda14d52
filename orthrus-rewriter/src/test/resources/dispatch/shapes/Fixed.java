package shapes;

/** A shape that touches no user data. */
public record Fixed(long area) implements Shape {}
