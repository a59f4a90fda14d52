package dev.orthrus.annotations;

import java.util.Objects;

/**
 * What the runtime needs to know about one closure without reflection.
 *
 * @param id stable id: the owner's binary name, {@code #}, the method name and its erased parameter
 *     types, e.g. {@code com.example.Store#put(java.lang.String,byte[])}
 * @param key a 32-bit hash of {@code id}, used in closure logs
 * @param name display name for reports
 * @param floatingPoint the closure does floating-point arithmetic (validated with priority)
 * @param vector the closure uses bulk or vector operations (validated with priority)
 * @param strict results are withheld until validated
 * @param comparison how outputs are compared
 */
public record ClosureDescriptor(
    String id,
    int key,
    String name,
    boolean floatingPoint,
    boolean vector,
    boolean strict,
    Comparison comparison) {

  /**
   * The simple name of the nested class that holds the bindings generated for a class's closures
   * ({@code com.example.Store$Bindings$}): apart from the class, so that naming a binding does not
   * initialize the class.
   */
  public static final String BINDINGS_HOLDER = "Bindings$";

  public ClosureDescriptor {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(comparison, "comparison");
  }

  /**
   * The key the processor assigns to a closure id: FNV-1a over the id's UTF-16 code units. Stable
   * across builds and JVMs, unlike {@link String#hashCode()} which is also stable but clusters for
   * ids that share long prefixes.
   */
  public static int keyOf(String id) {
    int hash = 0x811c9dc5;
    for (int i = 0; i < id.length(); i++) {
      hash ^= id.charAt(i);
      hash *= 0x01000193;
    }
    return hash;
  }
}
