package dev.orthrus.runtime.api;

import java.io.Serializable;
import java.util.zip.CRC32C;

/**
 * What a log keeps of a {@code byte[]} a closure returns: its length and CRC-32C, taken at the
 * return, instead of a copy (decision 0077). A byte array is what a server's closures return on
 * their way to a socket (a reply), the caller may change it afterwards, and copying it was a
 * quarter of what a logged request allocated. The validator compares VAL's array against the
 * digest: every change of up to three bits is a different CRC-32C at the lengths a reply has, and
 * any other change goes unnoticed with a probability of 2<sup>-32</sup>.
 *
 * @param length the array's length
 * @param crc its CRC-32C
 */
public record BytesDigest(int length, int crc) implements Serializable {

  /** The digest of {@code bytes} as they are now. */
  public static BytesDigest of(byte[] bytes) {
    return new BytesDigest(bytes.length, crcOf(bytes));
  }

  /** Whether {@code value} is a byte array of this length and CRC-32C. */
  public boolean matches(Object value) {
    return value instanceof byte[]
        && ((byte[]) value).length == length
        && crcOf((byte[]) value) == crc;
  }

  private static int crcOf(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length);
    return (int) crc.getValue();
  }

  @Override
  public String toString() {
    return "byte[" + length + "] with CRC-32C " + String.format("%08x", crc);
  }
}
