package clash;

/** A constant another class imports statically under the name a closure's binding would take. */
public final class Units {
  public static final String UNIT = "ms";

  private Units() {}
}
