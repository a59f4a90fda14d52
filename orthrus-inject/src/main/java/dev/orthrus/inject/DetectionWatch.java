package dev.orthrus.inject;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard error, passed through, watched for the runtime's first detection line ({@value
 * #DETECTION}, the line a log reader greps for): a persistent defect's run notes at that moment how
 * many executions and corruptions of the faulty instruction came before it. The runtime prints the
 * line before a fail-stop halt, so the note is written before the process ends.
 */
final class DetectionWatch extends OutputStream {

  static final String DETECTION = "orthrus: SDC detected";

  private final OutputStream err;
  private final Runnable onFirst;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private boolean seen;

  DetectionWatch(OutputStream err, Runnable onFirst) {
    this.err = err;
    this.onFirst = onFirst;
  }

  @Override
  public synchronized void write(int b) throws IOException {
    err.write(b);
    if (seen) {
      return;
    }
    if (b != '\n') {
      line.write(b);
      return;
    }
    if (line.toString(StandardCharsets.UTF_8).startsWith(DETECTION)) {
      seen = true;
      onFirst.run();
    }
    line.reset();
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    if (seen) {
      err.write(b, off, len);
      return;
    }
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  @Override
  public void flush() throws IOException {
    err.flush();
  }
}
