package dev.orthrus.annotations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ClosureDescriptorTest {

  @Test
  void keyIsFnv1aOfTheIdAndStableAcrossJvms() {
    // FNV-1a (32 bit) reference values: "" -> offset basis, "a" -> 0xe40c292c.
    assertEquals(0x811c9dc5, ClosureDescriptor.keyOf(""));
    assertEquals(0xe40c292c, ClosureDescriptor.keyOf("a"));
    assertNotEquals(
        ClosureDescriptor.keyOf("x.Store#get(java.lang.String)"),
        ClosureDescriptor.keyOf("x.Store#set(java.lang.String)"));
  }

  @Test
  void requiredComponentsAreChecked() {
    assertThrows(
        NullPointerException.class,
        () -> new ClosureDescriptor(null, 0, "n", false, false, false, Comparison.EQUALS));
    assertThrows(
        NullPointerException.class,
        () -> new ClosureDescriptor("id", 0, "n", false, false, false, null));
  }
}
