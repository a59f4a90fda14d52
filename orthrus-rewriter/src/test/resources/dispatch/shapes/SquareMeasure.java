package shapes;

/** Measures a square: reads its versioned side. */
public final class SquareMeasure extends Measure {
  private final Square square;

  public SquareMeasure(Square square) {
    this.square = square;
  }

  @Override
  long of(long scale) {
    return square.side * scale;
  }
}
