package dev.orthrus.runtime.report;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.ValidatorThread;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.validate.Mismatch;
import dev.orthrus.runtime.validate.OutputComparator;
import dev.orthrus.runtime.validate.Validator;
import dev.orthrus.runtime.validate.ValidatorPool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;

/**
 * A detection's closure log saved as a self-contained file: everything VAL needs to re-execute the
 * closure (receiver, arguments, loaded versions, non-deterministic results) plus APP's outputs and
 * the validator's verdict, so {@code orthrus replay} can re-run it later, on a chosen CPU.
 *
 * <p>Layout: the 8-byte magic {@code ORTHREPR}, a format version (int), the payload length (int),
 * the payload's CRC32C (int), then the payload: a Java serialization stream of one {@link
 * Snapshot}. User data is saved as its class and final fields ({@link IdentityImage}), so a file
 * holds the logged versions, never the whole data structure. Reading checks magic, version, length
 * and checksum before deserializing, and deserializes with a filter that admits only Orthrus
 * classes, the application's classes and JDK value classes, and bounds depth and size.
 */
public final class ReproducerFile {

  static final byte[] MAGIC = {'O', 'R', 'T', 'H', 'R', 'E', 'P', 'R'};

  /** 2: versions' checksums hash strings, boxes, enums and every primitive array by value. */
  public static final int FORMAT_VERSION = 2;

  public static final String SUFFIX = ".orthrus-repro";

  /** Magic, format version, payload length and its CRC32C. */
  private static final int HEADER_BYTES = MAGIC.length + 12;

  private static final int MAX_PAYLOAD = 256 << 20;

  /**
   * Object nesting a reproducer may have: a log's versions, arguments and exception chains sit a
   * few levels deep, and rebuilding nested hash sets costs time exponential in their depth.
   */
  private static final int MAX_DEPTH = 20;

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
      Object resultRef,
      String[] classDigests)
      implements Serializable {

    private static final long serialVersionUID = 1L;
  }

  /** Writes {@code log} and its mismatch into a new file in {@code dir}; returns the file. */
  public static Path write(Path dir, ClosureLog log, Mismatch mismatch, int validatorCpu)
      throws IOException {
    Snapshot s =
        new Snapshot(
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
            log.resultRef(),
            classDigests(
                applicationLoader(log),
                classNames(log.binding().descriptor().id(), log.loadsCopy())));
    String name =
        "sdc-"
            + safe(log.binding().name())
            + "-"
            + System.currentTimeMillis()
            + "-"
            + SEQUENCE.incrementAndGet()
            + SUFFIX;
    Path file = dir.resolve(name);
    byte[] bytes = encode(s);
    // A file replay would refuse (objects nested deeper than it reads, a class it may not load)
    // is not written: the detection says why instead.
    try {
      decode(bytes, name, applicationLoader(log));
    } catch (ReproducerFormatException e) {
      throw new IOException("it would not read back: " + e.getMessage(), e);
    }
    Files.write(file, bytes);
    return file;
  }

  private static final String RUNTIME_PACKAGES = "dev.orthrus.runtime.";

  /**
   * The classes whose code a re-execution depends on most: the closure's own and the user-data
   * classes of the versions it read.
   */
  static Set<String> classNames(String closureId, Version[] loads) {
    Set<String> names = new TreeSet<>();
    int hash = closureId.indexOf('#');
    if (hash > 0) {
      names.add(closureId.substring(0, hash));
    }
    for (Version v : loads) {
      String owner = v == null || v.owner() == null ? null : v.owner().getClass().getName();
      // The runtime's own (a VersionedArray's slots) and the JDK's are not the program's code.
      if (owner != null && !owner.startsWith("java.") && !owner.startsWith(RUNTIME_PACKAGES)) {
        names.add(owner);
      }
    }
    return names;
  }

  /**
   * Each class as {@code "name crc"}, the CRC-32C of its class file as {@code loader} finds it;
   * {@code "name -"} when it finds none.
   */
  static String[] classDigests(ClassLoader loader, Set<String> names) {
    List<String> digests = new ArrayList<>();
    for (String name : names) {
      String crc = "-";
      try (InputStream in =
          loader == null ? null : loader.getResourceAsStream(name.replace('.', '/') + ".class")) {
        if (in != null) {
          CRC32C c = new CRC32C();
          c.update(in.readAllBytes());
          crc = Long.toHexString(c.getValue());
        }
      } catch (IOException e) {
        crc = "-";
      }
      digests.add(name + " " + crc);
    }
    return digests.toArray(new String[0]);
  }

  /**
   * The classes of {@code s} whose class files {@code loader} finds different from those of the
   * program that wrote it (rebuilt, or changed since): a re-execution there may differ because of
   * the change, not a CPU. Empty for a file written before reproducers recorded them.
   */
  public static List<String> changedClasses(Snapshot s, ClassLoader loader) {
    if (s.classDigests() == null) {
      return List.of();
    }
    List<String> changed = new ArrayList<>();
    for (String d : s.classDigests()) {
      int space = d == null ? -1 : d.indexOf(' ');
      if (space > 0) {
        String name = d.substring(0, space);
        if (!d.equals(classDigests(loader, Set.of(name))[0])) {
          changed.add(name);
        }
      }
    }
    return changed;
  }

  /** The loader of the application's classes a log names: its generated binding's. */
  static ClassLoader applicationLoader(ClosureLog log) {
    ClassLoader loader = log.binding().val().getClass().getClassLoader();
    return loader != null ? loader : log.appThread().getContextClassLoader();
  }

  static byte[] encode(Snapshot s) throws IOException {
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new RecordWritingOutputStream(payload)) {
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
   * Reads a reproducer file written by this process's application, whose classes are those of the
   * runtime's own class loader.
   */
  public static Snapshot read(Path file) throws IOException, ReproducerFormatException {
    return read(file, ReproducerFile.class.getClassLoader());
  }

  /**
   * Reads a reproducer file; a clear {@link ReproducerFormatException} for anything else, within
   * about a second for a small file, whatever it holds.
   *
   * @param application the loader of the application's classes (e.g. from {@code --class-path}), or
   *     null when the file should hold only Orthrus and JDK value classes
   */
  public static Snapshot read(Path file, ClassLoader application)
      throws IOException, ReproducerFormatException {
    long size = Files.size(file);
    if (size > HEADER_BYTES + MAX_PAYLOAD) {
      throw new ReproducerFormatException(
          file
              + " has "
              + size
              + " bytes, larger than any"
              + " reproducer (at most "
              + (HEADER_BYTES + MAX_PAYLOAD)
              + ")");
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (OutOfMemoryError e) {
      throw new ReproducerFormatException(
          file
              + " ("
              + size
              + " bytes) does not fit in this"
              + " JVM's heap; run replay with a larger -Xmx");
    }
    return decode(bytes, file.toString(), application);
  }

  static Snapshot decode(byte[] bytes, String where, ClassLoader application)
      throws ReproducerFormatException {
    return decode(bytes, where, application, decodeDeadline(bytes.length));
  }

  /** How long deserializing may take: a second, plus a second per 8 MB. */
  static Duration decodeDeadline(int bytes) {
    return Duration.ofMillis(1000 + bytes / 8_000);
  }

  static Snapshot decode(byte[] bytes, String where, ClassLoader application, Duration deadline)
      throws ReproducerFormatException {
    ClassLoader loader = application != null ? application : ReproducerFile.class.getClassLoader();
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    ClassFilter filter = null;
    try {
      byte[] magic = new byte[MAGIC.length];
      in.readFully(magic);
      if (!Arrays.equals(magic, MAGIC)) {
        throw new ReproducerFormatException(where + " is not an Orthrus reproducer file");
      }
      int version = in.readInt();
      if (version != FORMAT_VERSION) {
        throw new ReproducerFormatException(
            where
                + " has reproducer format version "
                + version
                + "; this runtime reads version "
                + FORMAT_VERSION);
      }
      int length = in.readInt();
      int crcValue = in.readInt();
      if (length < 0 || length > MAX_PAYLOAD) {
        throw new ReproducerFormatException(
            where + " declares an impossible payload length " + length);
      }
      int present = bytes.length - HEADER_BYTES;
      if (present < length) {
        throw new ReproducerFormatException(
            where + " is truncated: payload has " + present + " of " + length + " bytes");
      }
      if (present > length) {
        throw new ReproducerFormatException(
            where + " has " + (present - length) + " bytes after its payload");
      }
      CRC32C crc = new CRC32C();
      crc.update(bytes, HEADER_BYTES, length);
      if ((int) crc.getValue() != crcValue) {
        throw new ReproducerFormatException(where + " is corrupt: payload checksum mismatch");
      }
      filter = new ClassFilter(application, length);
      Object o = deserialize(bytes, loader, filter, deadline, where);
      if (!(o instanceof Snapshot)) {
        throw new ReproducerFormatException(
            where
                + " holds "
                + (o == null ? "null" : "a " + o.getClass().getName())
                + " instead of a reproducer snapshot");
      }
      checkComplete((Snapshot) o, where);
      return (Snapshot) o;
    } catch (EOFException e) {
      throw new ReproducerFormatException(where + " is truncated", e);
    } catch (InvalidClassException e) {
      if (filter != null && filter.rejected != null) {
        throw new ReproducerFormatException(
            where
                + " holds a "
                + filter.rejected
                + ", which a reproducer may not contain: only the application's classes, Orthrus"
                + " classes and JDK value classes ("
                + String.join(", ", JDK_VALUE_PACKAGES)
                + ") are read",
            e);
      }
      if (filter != null && filter.overLimit != null) {
        throw new ReproducerFormatException(
            where + " " + filter.overLimit + ", more than a reproducer holds", e);
      }
      throw new ReproducerFormatException(
          where
              + " needs a class that is not on the class path"
              + " or has changed (run replay with the application's class path): "
              + e.getMessage(),
          e);
    } catch (ClassNotFoundException e) {
      throw new ReproducerFormatException(
          where
              + " needs a class that is not on the class path"
              + " (run replay with the application's class path): "
              + e.getMessage(),
          e);
    } catch (IOException | RuntimeException | VirtualMachineError | LinkageError e) {
      throw new ReproducerFormatException(where + " cannot be decoded: " + e, e);
    }
  }

  /**
   * Deserializes the payload on a thread of its own and gives up after {@code deadline}: the filter
   * bounds depth, references, array lengths and bytes, but not the time some JDK classes spend
   * rebuilding themselves (hashing a graph of shared nested sets takes time exponential in its
   * depth). Past the deadline the filter refuses everything, which stops the thread at its next
   * object; one that is stuck inside a single hash may keep a CPU busy until the process exits (the
   * {@code replay} command exits at once).
   */
  private static Object deserialize(
      byte[] bytes, ClassLoader loader, ClassFilter filter, Duration deadline, String where)
      throws IOException, ClassNotFoundException, ReproducerFormatException {
    FutureTask<Object> task =
        new FutureTask<>(
            () -> {
              try (ObjectInputStream objects =
                  new LoaderObjectInputStream(
                      new ByteArrayInputStream(bytes, HEADER_BYTES, bytes.length - HEADER_BYTES),
                      loader,
                      filter)) {
                objects.setObjectInputFilter(filter);
                return objects.readObject();
              }
            });
    Thread reader = new Thread(task, "orthrus-reproducer-reader");
    reader.setDaemon(true);
    reader.start();
    try {
      return task.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      filter.abandoned = true;
      throw new ReproducerFormatException(
          where
              + " took more than "
              + deadline.toMillis()
              + " ms to decode; a reproducer takes milliseconds (a deserialization bomb?)");
    } catch (InterruptedException e) {
      filter.abandoned = true;
      Thread.currentThread().interrupt();
      throw new ReproducerFormatException(where + ": interrupted while decoding");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) {
        throw (IOException) cause;
      }
      if (cause instanceof ClassNotFoundException) {
        throw (ClassNotFoundException) cause;
      }
      throw new ReproducerFormatException(where + " cannot be decoded: " + cause, cause);
    }
  }

  /** Refuses a snapshot with parts missing, which would fail the replay halfway. */
  private static void checkComplete(Snapshot s, String where) throws ReproducerFormatException {
    List<String> missing = new ArrayList<>();
    Object[][] parts = {
      {"closureId", s.closureId()},
      {"closureName", s.closureName()},
      {"appThread", s.appThread()},
      {"mismatchKind", s.mismatchKind()},
      {"detail", s.detail()},
      {"expected", s.expected()},
      {"actual", s.actual()},
      {"refArgs", s.refArgs()},
      {"bitsArgs", s.bitsArgs()},
      {"loads", s.loads()},
      {"created", s.created()},
      {"allocated", s.allocated()},
      {"nondetBits", s.nondetBits()},
      {"nondetRefs", s.nondetRefs()},
      {"resultKind", s.resultKind()}
    };
    for (Object[] part : parts) {
      if (part[1] == null) {
        missing.add((String) part[0]);
      }
    }
    if (s.loads() != null && !allVersionsOwned(s.loads())) {
      missing.add("an entry of loads");
    }
    if (s.created() != null && !allVersionsOwned(s.created())) {
      missing.add("an entry of created");
    }
    if (!missing.isEmpty()) {
      throw new ReproducerFormatException(
          where + " is incomplete: no " + String.join(", ", missing));
    }
    if (s.formatVersion() != FORMAT_VERSION) {
      throw new ReproducerFormatException(
          where
              + " has snapshot format version "
              + s.formatVersion()
              + "; this runtime reads version "
              + FORMAT_VERSION);
    }
    if (Arrays.stream(MismatchKind.values()).noneMatch(k -> k.name().equals(s.mismatchKind()))) {
      throw new ReproducerFormatException(
          where + " names an unknown mismatch kind " + s.mismatchKind());
    }
    if (s.resultKind() == ResultKind.THROWN && !(s.resultRef() instanceof Throwable)) {
      throw new ReproducerFormatException(where + " says APP threw, but holds no exception");
    }
  }

  private static boolean allVersionsOwned(Version[] versions) {
    for (Version v : versions) {
      if (v == null || v.owner() == null) {
        return false;
      }
    }
    return true;
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
      throw new ReproducerFormatException(
          "closure "
              + s.closureId()
              + " is not known here; put the application's classes on the class path");
    }
    ClosureLog log =
        ClosureLog.restore(
            binding,
            s.callerId(),
            s.appCpu(),
            s.appThread(),
            s.receiver(),
            s.refArgs(),
            s.bitsArgs(),
            s.loads(),
            s.created(),
            s.allocated(),
            s.nondetBits(),
            s.nondetRefs(),
            s.resultKind(),
            s.resultBits(),
            s.resultRef());
    Mismatch m = onValidatorStack(log);
    Outcome outcome;
    if (m == null) {
      outcome = Outcome.MATCHES_APP;
    } else if (m.kind() == MismatchKind.valueOf(s.mismatchKind())
        && OutputComparator.withoutIdentityHashes(m.expected())
            .equals(OutputComparator.withoutIdentityHashes(s.expected()))) {
      outcome = Outcome.MATCHES_VALIDATOR;
    } else {
      outcome = Outcome.DIFFERS_FROM_BOTH;
    }
    return new ReplayResult(outcome, m, cpu);
  }

  /**
   * Re-executes on a validator's thread with its stack, so that a closure that recursed deep on the
   * validator does here too, and plain code reached there is refused as it was on the validator.
   * The thread inherits the caller's CPU affinity (a pinned replay stays on its CPU).
   *
   * @throws NotValidatedException when the re-execution cannot decide (as a validator would not)
   */
  private static Mismatch onValidatorStack(ClosureLog log) {
    FutureTask<Mismatch> task =
        new FutureTask<>(() -> Validator.check(log, new Replay(), new OutputComparator()));
    Thread replayer =
        new ValidatorThread(task, "orthrus-replay", ValidatorPool.DEFAULT_STACK_BYTES);
    replayer.start();
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while replaying", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      if (e.getCause() instanceof Error) {
        throw (Error) e.getCause();
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9_.-]", "_");
  }

  /** JDK packages whose classes a reproducer may hold: values, collections, exceptions. */
  static final Set<String> JDK_VALUE_PACKAGES =
      new TreeSet<>(
          List.of(
              "java.io",
              "java.lang",
              "java.math",
              "java.time",
              "java.util",
              "java.util.concurrent",
              "java.util.concurrent.atomic"));

  /**
   * Deserialization is code execution chosen by the file, so a reproducer may only name classes it
   * has a reason to hold: Orthrus's own, the application's (those of the loader the caller trusts),
   * and JDK value classes; not the JDK's other packages nor the libraries bundled with the CLI.
   * Also bounds depth, references and bytes.
   */
  private static final class ClassFilter implements ObjectInputFilter {
    private final ClassLoader application;

    /** Every object, reference and array element takes at least a byte of the payload. */
    private final int payloadBytes;

    /** The first class refused, for the error message. */
    String rejected;

    /** The first limit exceeded, for the error message. */
    String overLimit;

    /** Set when the reader ran out of time: refuse everything from then on. */
    volatile boolean abandoned;

    ClassFilter(ClassLoader application, int payloadBytes) {
      this.application = application;
      this.payloadBytes = payloadBytes;
    }

    @Override
    public Status checkInput(FilterInfo info) {
      if (abandoned) {
        return Status.REJECTED;
      }
      if (info.depth() > MAX_DEPTH) {
        return over("has objects nested deeper than " + MAX_DEPTH);
      }
      if (info.references() > payloadBytes || info.streamBytes() > payloadBytes) {
        return over("has more objects than its payload has bytes");
      }
      if (info.arrayLength() > payloadBytes) {
        return over("declares an array or collection of " + info.arrayLength() + " elements");
      }
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
      return Status.UNDECIDED;
    }

    private Status over(String what) {
      if (overLimit == null) {
        overLimit = what;
      }
      return Status.REJECTED;
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

  /**
   * Writes a record that is not {@link java.io.Serializable} as a {@link RecordImage}: records are
   * how programs hold small values, and user data often holds one.
   */
  private static final class RecordWritingOutputStream extends ObjectOutputStream {
    RecordWritingOutputStream(java.io.OutputStream out) throws IOException {
      super(out);
      enableReplaceObject(true);
    }

    @Override
    protected Object replaceObject(Object obj) throws IOException {
      if (IdentityImage.applies(obj)) {
        return IdentityImage.of(obj);
      }
      if (obj == null || !obj.getClass().isRecord() || obj instanceof java.io.Serializable) {
        return obj;
      }
      java.lang.reflect.RecordComponent[] components = obj.getClass().getRecordComponents();
      Object[] values = new Object[components.length];
      try {
        for (int i = 0; i < components.length; i++) {
          java.lang.reflect.Method accessor = components[i].getAccessor();
          accessor.setAccessible(true);
          values[i] = accessor.invoke(obj);
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new java.io.NotSerializableException(
            obj.getClass().getName() + " (a record whose components cannot be read: " + e + ")");
      }
      return new RecordImage(obj.getClass().getName(), values);
    }
  }

  /**
   * Resolves classes through the application's loader rather than the runtime's, and rebuilds the
   * records of {@link RecordImage}s whose class the filter trusts.
   */
  private static final class LoaderObjectInputStream extends ObjectInputStream {
    private final ClassLoader loader;
    private final ClassFilter filter;

    LoaderObjectInputStream(InputStream body, ClassLoader loader, ClassFilter filter)
        throws IOException {
      super(body);
      this.loader = loader;
      this.filter = filter;
      enableResolveObject(true);
    }

    @Override
    protected Object resolveObject(Object obj) throws IOException {
      if (obj instanceof IdentityImage identity) {
        return identity.rebuild(trustedClass(identity.type));
      }
      if (!(obj instanceof RecordImage image)) {
        return obj;
      }
      try {
        Class<?> c = Class.forName(image.type, false, loader);
        if (!c.isRecord() || !filter.trusted(c)) {
          throw new InvalidClassException(image.type, "not a record the reader trusts");
        }
        java.lang.reflect.RecordComponent[] components = c.getRecordComponents();
        if (components.length != image.components.length) {
          throw new InvalidClassException(image.type, "its components changed");
        }
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
          types[i] = components[i].getType();
        }
        java.lang.reflect.Constructor<?> canonical = c.getDeclaredConstructor(types);
        canonical.setAccessible(true);
        return canonical.newInstance(image.components);
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new InvalidClassException(image.type, "cannot rebuild the record: " + e);
      }
    }

    private Class<?> trustedClass(String type) throws InvalidClassException {
      try {
        Class<?> c = Class.forName(type, false, loader);
        if (!filter.trusted(c)) {
          throw new InvalidClassException(type, "not a class the reader trusts");
        }
        return c;
      } catch (ClassNotFoundException e) {
        throw new InvalidClassException(type, "not found: " + e.getMessage());
      }
    }

    /** A reproducer never holds a dynamic proxy; making one would run the file's choice. */
    @Override
    protected Class<?> resolveProxyClass(String[] interfaces) throws InvalidClassException {
      throw new InvalidClassException("a dynamic proxy of " + String.join(", ", interfaces));
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
