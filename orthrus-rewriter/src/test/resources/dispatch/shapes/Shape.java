package shapes;

/** Implemented by user data, by a record and by lambdas. */
public interface Shape {
  long area();
}
