package dev.orthrus.runtime.report;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.validate.Mismatch;
import dev.orthrus.runtime.validate.OutputComparator;
import dev.orthrus.runtime.validate.Validator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;

/**
 * A detection's closure log saved as a self-contained file: everything VAL needs to re-execute the
 * closure (receiver, arguments, loaded versions, non-deterministic results) plus APP's outputs and
 * the validator's verdict, so {@code orthrus replay} can re-run it later, on a chosen CPU.
 *
 * <p>Layout: the 8-byte magic {@code ORTHREPR}, a format version
 * (int), the payload length (int), the payload's CRC32C (int), then the payload: a Java
 * serialization stream of one {@link Snapshot}. Handles are saved without their live version (the
 * field is transient), so a file holds the logged versions, never the whole data structure.
 * Reading checks magic, version, length and checksum before deserializing, and deserializes with
 * a filter that admits only Orthrus classes, the application's classes and JDK value classes, and
 * bounds depth and size.
 */
public final class ReproducerFile {

  static final byte[] MAGIC = {'O', 'R', 'T', 'H', 'R', 'E', 'P', 'R'};
  public static final int FORMAT_VERSION = 1;
  public static final String SUFFIX = ".orthrus-repro";
  private static final int MAX_PAYLOAD = 256 << 20;
  private static final AtomicInteger SEQUENCE = new AtomicInteger();

  private ReproducerFile() {}

  /** What a reproducer file holds. */
  public record Snapshot(
      int formatVersion,
      String closureId,
      String closureName,
      int callerId,
      String appThread,
      int appCpu,
      int validatorCpu,
      String mismatchKind,
      String detail,
      String expected,
      String actual,
      Object receiver,
      Object[] refArgs,
      long[] bitsArgs,
      Version[] loads,
      Version[] created,
      Object[] allocated,
      long[] nondetBits,
      Object[] nondetRefs,
      ResultKind resultKind,
      long resultBits,
      Object resultRef)
      implements Serializable {

    private static final long serialVersionUID = 1L;
  }

  /** Writes {@code log} and its mismatch into a new file in {@code dir}; returns the file. */
  public static Path write(Path dir, ClosureLog log, Mismatch mismatch, int validatorCpu)
      throws IOException {
    Snapshot s = new Snapshot(
        FORMAT_VERSION,
        log.binding().descriptor().id(),
        log.binding().name(),
        log.callerId(),
        log.appThread().getName(),
        log.appCpu(),
        validatorCpu,
        mismatch.kind().name(),
        mismatch.detail(),
        mismatch.expected(),
        mismatch.actual(),
        log.receiver(),
        log.refArgsCopy(),
        log.bitsArgsCopy(),
        log.loadsCopy(),
        log.createdCopy(),
        log.allocatedCopy(),
        log.nondetBitsCopy(),
        log.nondetRefsCopy(),
        log.resultKind(),
        log.resultBits(),
        log.resultRef());
    String name = "sdc-" + safe(log.binding().name()) + "-" + System.currentTimeMillis() + "-"
        + SEQUENCE.incrementAndGet() + SUFFIX;
    Path file = dir.resolve(name);
    Files.write(file, encode(s));
    return file;
  }

  static byte[] encode(Snapshot s) throws IOException {
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(payload)) {
      out.writeObject(s);
    }
    byte[] body = payload.toByteArray();
    CRC32C crc = new CRC32C();
    crc.update(body);
    ByteArrayOutputStream file = new ByteArrayOutputStream(body.length + 20);
    DataOutputStream out = new DataOutputStream(file);
    out.write(MAGIC);
    out.writeInt(FORMAT_VERSION);
    out.writeInt(body.length);
    out.writeInt((int) crc.getValue());
    out.write(body);
    out.flush();
    return file.toByteArray();
  }

  /**
   * Reads a reproducer file written by this process's application, whose classes are those of
   * the runtime's own class loader.
   */
  public static Snapshot read(Path file) throws IOException, ReproducerFormatException {
    return read(file, ReproducerFile.class.getClassLoader());
  }

  /**
   * Reads a reproducer file; a clear {@link ReproducerFormatException} for anything else.
   *
   * @param application the loader of the application's classes (e.g. from {@code --class-path}),
   *     or null when the file should hold only Orthrus and JDK value classes
   */
  public static Snapshot read(Path file, ClassLoader application)
      throws IOException, ReproducerFormatException {
    byte[] bytes = Files.readAllBytes(file);
    return decode(bytes, file.toString(), application);
  }

  static Snapshot decode(byte[] bytes, String where, ClassLoader application)
      throws ReproducerFormatException {
    ClassLoader loader = application != null ? application : ReproducerFile.class.getClassLoader();
    ClassFilter filter = new ClassFilter(application);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    try {
      byte[] magic = new byte[MAGIC.length];
      in.readFully(magic);
      if (!Arrays.equals(magic, MAGIC)) {
        throw new ReproducerFormatException(where + " is not an Orthrus reproducer file");
      }
      int version = in.readInt();
      if (version != FORMAT_VERSION) {
        throw new ReproducerFormatException(where + " has reproducer format version " + version
            + "; this runtime reads version " + FORMAT_VERSION);
      }
      int length = in.readInt();
      int crcValue = in.readInt();
      if (length < 0 || length > MAX_PAYLOAD) {
        throw new ReproducerFormatException(where + " declares an impossible payload length "
            + length);
      }
      if (in.available() < length) {
        throw new ReproducerFormatException(where + " is truncated: payload has "
            + in.available() + " of " + length + " bytes");
      }
      byte[] body = new byte[length];
      in.readFully(body);
      CRC32C crc = new CRC32C();
      crc.update(body);
      if ((int) crc.getValue() != crcValue) {
        throw new ReproducerFormatException(where + " is corrupt: payload checksum mismatch");
      }
      try (ObjectInputStream objects = new LoaderObjectInputStream(body, loader)) {
        objects.setObjectInputFilter(filter);
        Object o = objects.readObject();
        if (!(o instanceof Snapshot)) {
          throw new ReproducerFormatException(where + " holds a " + o.getClass().getName()
              + " instead of a reproducer snapshot");
        }
        return (Snapshot) o;
      }
    } catch (EOFException e) {
      throw new ReproducerFormatException(where + " is truncated", e);
    } catch (InvalidClassException e) {
      if (filter.rejected != null) {
        throw new ReproducerFormatException(where + " holds a " + filter.rejected
            + ", which a reproducer may not contain: only the application's classes, Orthrus"
            + " classes and JDK value classes (" + String.join(", ", JDK_VALUE_PACKAGES)
            + ") are read", e);
      }
      throw new ReproducerFormatException(where + " needs a class that is not on the class path"
          + " or has changed (run replay with the application's class path): " + e.getMessage(), e);
    } catch (ClassNotFoundException e) {
      throw new ReproducerFormatException(where + " needs a class that is not on the class path"
          + " (run replay with the application's class path): " + e.getMessage(), e);
    } catch (IOException e) {
      throw new ReproducerFormatException(where + " cannot be decoded: " + e, e);
    }
  }

  /** The outcome of re-executing a reproducer. */
  public enum Outcome {
    /** The re-execution produced APP's outputs again: the corruption reproduces here. */
    MATCHES_APP,
    /** The re-execution disagreed with APP as the validator did: APP's core computed wrongly. */
    MATCHES_VALIDATOR,
    /** Disagrees with APP, but not the way the validator did. */
    DIFFERS_FROM_BOTH
  }

  /** The result of {@link #replay}. */
  public record ReplayResult(Outcome outcome, Mismatch mismatch, int cpu) {}

  /**
   * Re-executes the closure of {@code s} with its VAL variant on the calling thread and compares
   * with the APP outputs saved in the file. The closure's class must be on {@code loader}'s path.
   */
  public static ReplayResult replay(Snapshot s, ClassLoader loader, int cpu)
      throws ReproducerFormatException {
    ClosureBinding binding = ClosureBinding.find(s.closureId(), loader);
    if (binding == null) {
      throw new ReproducerFormatException("closure " + s.closureId()
          + " is not known here; put the application's classes on the class path");
    }
    ClosureLog log = ClosureLog.restore(binding, s.callerId(), s.appCpu(), s.appThread(),
        s.receiver(), s.refArgs(), s.bitsArgs(), s.loads(), s.created(), s.allocated(),
        s.nondetBits(), s.nondetRefs(), s.resultKind(), s.resultBits(), s.resultRef());
    Mismatch m = Validator.check(log, new Replay(), new OutputComparator());
    Outcome outcome;
    if (m == null) {
      outcome = Outcome.MATCHES_APP;
    } else if (m.kind() == MismatchKind.valueOf(s.mismatchKind())
        && m.expected().equals(s.expected())) {
      outcome = Outcome.MATCHES_VALIDATOR;
    } else {
      outcome = Outcome.DIFFERS_FROM_BOTH;
    }
    return new ReplayResult(outcome, m, cpu);
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9_.-]", "_");
  }

  /** JDK packages whose classes a reproducer may hold: values, collections, exceptions. */
  static final Set<String> JDK_VALUE_PACKAGES = new TreeSet<>(List.of(
      "java.io", "java.lang", "java.math", "java.time", "java.util", "java.util.concurrent",
      "java.util.concurrent.atomic"));

  /**
   * Deserialization is code execution chosen by the file, so a reproducer may only name classes
   * it has a reason to hold: Orthrus's own, the application's (those of the loader the caller
   * trusts), and JDK value classes; not the JDK's other packages nor the libraries bundled with
   * the CLI. Also bounds depth, references and bytes.
   */
  private static final class ClassFilter implements ObjectInputFilter {
    private final ClassLoader application;
    private final ObjectInputFilter limits = ObjectInputFilter.Config.createFilter(
        "maxdepth=64;maxrefs=10000000;maxbytes=" + MAX_PAYLOAD);
    /** The first class refused, for the error message. */
    String rejected;

    ClassFilter(ClassLoader application) {
      this.application = application;
    }

    @Override
    public Status checkInput(FilterInfo info) {
      Class<?> c = info.serialClass();
      if (c != null) {
        while (c.isArray()) {
          c = c.getComponentType();
        }
        if (!trusted(c)) {
          if (rejected == null) {
            rejected = c.getName();
          }
          return Status.REJECTED;
        }
      }
      return limits.checkInput(info) == Status.REJECTED ? Status.REJECTED : Status.UNDECIDED;
    }

    private boolean trusted(Class<?> c) {
      if (c.isPrimitive() || c.getName().startsWith("dev.orthrus.")) {
        return true;
      }
      ClassLoader l = c.getClassLoader();
      if (l == null || l == ClassLoader.getPlatformClassLoader()) {
        return JDK_VALUE_PACKAGES.contains(c.getPackageName());
      }
      return application != null && l == application;
    }
  }

  /** Resolves classes through the application's loader rather than the runtime's. */
  private static final class LoaderObjectInputStream extends ObjectInputStream {
    private final ClassLoader loader;

    LoaderObjectInputStream(byte[] body, ClassLoader loader) throws IOException {
      super(new ByteArrayInputStream(body));
      this.loader = loader;
    }

    @Override
    protected Class<?> resolveClass(java.io.ObjectStreamClass desc)
        throws IOException, ClassNotFoundException {
      try {
        return Class.forName(desc.getName(), false, loader);
      } catch (ClassNotFoundException e) {
        return super.resolveClass(desc);
      }
    }
  }
}
