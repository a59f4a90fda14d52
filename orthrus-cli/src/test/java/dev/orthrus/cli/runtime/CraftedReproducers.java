package dev.orthrus.cli.runtime;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.report.ReproducerFile;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * Reproducer files as an attacker or a broken disk makes them: written here byte by byte after the
 * documented layout (magic, format version, payload length, CRC32C, serialized snapshot), so that
 * every one passes the checksum and reaches the deserializer.
 */
public final class CraftedReproducers {

  private CraftedReproducers() {}

  /** A closure on the command's own class path: returns its argument. */
  static final class Echo {
    static final String ID = Echo.class.getName() + "#echo(long)";
    static final ClosureBinding ECHO =
        ClosureBinding.of(ID, "Echo.echo", (log, r) -> r.returnBits(log.bitsArg(0)));

    private Echo() {}
  }

  /** A closure whose re-execution runs out of memory, whatever the heap. */
  static final class Hog {
    static final String ID = Hog.class.getName() + "#hog()";
    static final ClosureBinding HOG =
        ClosureBinding.of(
            ID, "Hog.hog", (log, r) -> r.returnBits(new long[Integer.MAX_VALUE].length));

    private Hog() {}
  }

  /** A class on the command's class path whose static initializer leaves a trace. */
  static final class Tripwire {
    static final String PROPERTY = "orthrus.test.tripwire";

    static {
      System.setProperty(PROPERTY, "ran");
    }

    private Tripwire() {}
  }

  /** A snapshot of one execution of {@code closureId} with argument 21 that returned 43. */
  public static ReproducerFile.Snapshot snapshot(
      String closureId, String mismatchKind, Object[] refArgs) {
    return new ReproducerFile.Snapshot(
        ReproducerFile.FORMAT_VERSION,
        closureId,
        "crafted",
        0,
        "worker-1",
        3,
        1,
        mismatchKind,
        "return value",
        "21 (0x15)",
        "43 (0x2b)",
        null,
        refArgs,
        new long[] {21},
        new Version[0],
        new Version[0],
        new Object[0],
        new long[0],
        new Object[0],
        ResultKind.BITS,
        43,
        null,
        null);
  }

  public static Path write(Path file, Object payload) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(body)) {
      out.writeObject(payload);
    }
    byte[] bytes = body.toByteArray();
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    ByteArrayOutputStream whole = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(whole);
    out.write("ORTHREPR".getBytes(StandardCharsets.US_ASCII));
    out.writeInt(ReproducerFile.FORMAT_VERSION);
    out.writeInt(bytes.length);
    out.writeInt((int) crc.getValue());
    out.write(bytes);
    return Files.write(file, whole.toByteArray());
  }

  /**
   * A bomb within every count limit: {@code width} sets per level, each holding all sets of the
   * next level, so rebuilding it hashes width^depth sets though it has only width^2 x depth
   * references.
   */
  public static Set<Object> wideSets(int width, int depth) {
    List<Set<Object>> level = new ArrayList<>();
    for (int j = 0; j < width; j++) {
      level.add(new HashSet<>(Set.of(j)));
    }
    Set<Object> root = new HashSet<>(level);
    for (int i = 1; i < depth; i++) {
      List<Set<Object>> next = new ArrayList<>();
      for (int j = 0; j < width; j++) {
        next.add(new HashSet<>(Set.of(j)));
      }
      for (Set<Object> s : level) {
        s.addAll(next); // the children are still small here: building is cheap
      }
      level = next;
    }
    return root;
  }

  /** The classic deserialization bomb: nested sets whose rebuilding hashes 2^depth sets. */
  static Set<Object> nestedSets(int depth) {
    Set<Object> root = new HashSet<>();
    Set<Object> s1 = root;
    Set<Object> s2 = new HashSet<>();
    for (int i = 0; i < depth; i++) {
      Set<Object> t1 = new HashSet<>();
      Set<Object> t2 = new HashSet<>();
      t1.add("x");
      s1.add(t1);
      s1.add(t2);
      s2.add(t1);
      s2.add(t2);
      s1 = t1;
      s2 = t2;
    }
    return root;
  }
}
