package shapes;

/** Implemented by user data, by a record and by a proxy; its default method calls the abstract one. */
public interface Shape {
  long area();

  default long doubled() {
    return area() * 2;
  }
}
