package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ValuesTest {

  @Test
  void decodesWhatItEncodedAtAnyOffset() {
    byte[] value = Values.encode("kv:17", 3, 42, 100);
    assertEquals(100, value.length);
    byte[] framed = new byte[value.length + 10];
    System.arraycopy(value, 0, framed, 7, value.length);
    assertEquals(new Values.Decoded("kv:17", 3, 42), Values.decode(framed, 7, value.length));
  }

  @Test
  void aChangedByteOrLengthIsNoValue() {
    byte[] value = Values.encode("kv:1", 1, 1, 64);
    for (int i = 0; i < value.length; i++) {
      byte[] flipped = value.clone();
      flipped[i] ^= 0x01;
      Values.Decoded decoded = Values.decode(flipped, 0, flipped.length);
      if (decoded != null) {
        // A flip in the header can still parse; then it names another key, writer or sequence.
        assertEquals(false, decoded.equals(new Values.Decoded("kv:1", 1, 1)), "byte " + i);
      }
    }
    assertNull(
        Values.decode("no bars here".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, 12));
  }

  @Test
  void anotherWritersFillerDoesNotPass() {
    byte[] a = Values.encode("kv:5", 1, 7, 80);
    byte[] b = Values.encode("kv:5", 2, 7, 80);
    // b's header on a's filler.
    byte[] mixed = a.clone();
    System.arraycopy(b, 0, mixed, 0, "kv:5|2|7|".length());
    assertNull(Values.decode(mixed, 0, mixed.length));
  }
}
