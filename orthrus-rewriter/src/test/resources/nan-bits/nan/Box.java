package nan;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.nio.ByteBuffer;

/**
 * Closures that read the raw bits of a NaN they computed: a NaN field added to infinity minus
 * infinity, whose bits depend on the order the interpreter or the compiled code adds them in.
 */
@UserData
public final class Box {
  double base = Double.NaN;
  float small = Float.NaN;
  long lastBits;

  /** Encodes the sums as bytes, as a serializer would: a buffer writes raw bits. */
  @Closure
  public byte[] encode(double hi, double lo) {
    return ByteBuffer.allocate(12)
        .putDouble(base + (hi - lo))
        .putFloat(8, small + (float) (hi - lo))
        .array();
  }

  /** The same through views of the bytes, which put raw bits as the byte buffer does. */
  @Closure
  public byte[] encodeViews(double hi, double lo) {
    ByteBuffer bytes = ByteBuffer.allocate(12);
    bytes.asDoubleBuffer().put(base + (hi - lo));
    bytes.position(8).asFloatBuffer().put(0, small + (float) (hi - lo));
    return bytes.array();
  }

  /** Keeps the raw bits of the sum in a field. */
  @Closure
  public void keepBits(double hi, double lo) {
    lastBits = Double.doubleToRawLongBits(base + (hi - lo));
  }

  /** Raw bits read by a helper that touches no user data, and of a float. */
  @Closure
  public long mixed(double hi, double lo) {
    return Bits.of(base + (hi - lo)) ^ Float.floatToRawIntBits(small * (float) (hi - lo));
  }

  /** The raw bits of numbers, which are validated. */
  @Closure
  public long plain(double x) {
    return Bits.of(x * 3) + Float.floatToRawIntBits((float) x);
  }
}
