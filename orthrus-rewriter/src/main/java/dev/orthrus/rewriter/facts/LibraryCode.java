package dev.orthrus.rewriter.facts;

import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.jdk.JdkCall;
import dev.orthrus.model.jdk.JdkCall.Kind;
import dev.orthrus.model.jdk.JdkCategory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * What the bytecode of library code (classes on the class path, not in the sources and not the
 * JDK's) does that a validator must not do again: a closure's APP variant calls it, and VAL would
 * call it once more (decision 0068). It finds, in the method and what it calls on the class path,
 *
 * <ul>
 *   <li>a JDK call the table lists as non-deterministic, a lock, I/O or a thread (a clock, {@code
 *       Math.random()}, {@code synchronized}, a {@code println}): the second call returns another
 *       value, or does its effect twice;
 *   <li>a store into a static field, or a read of a static field that holds a mutable JDK object or
 *       is not final (a registry, a cache, a counter shared by every caller): the second call
 *       changes or reads state another execution or thread may have changed since.
 * </ul>
 *
 * <p>Reads of static final primitives, strings and arrays (constant tables) are not effects. The
 * walk follows a call to the method its owner declares or inherits, and an instance call also to
 * the overrides in every class of the class path below the owner (the first such call reads the
 * class path's class headers once); calls through a JDK type (a {@code Runnable} a library runs)
 * are judged by the JDK table alone. A class not found on the class path is taken as it is written.
 * Results are kept per method.
 */
public final class LibraryCode {

  /** Methods walked for one question at most; a larger walk counts as an effect. */
  static final int MAX_METHODS = 4_000;

  private final List<Path> classPath;
  private final Map<String, ClassSummary> classes = new HashMap<>();
  private final Map<String, Optional<String>> effects = new HashMap<>();
  private final Map<Path, ZipFile> jars = new HashMap<>();

  public LibraryCode(List<Path> classPath) {
    this.classPath = List.copyOf(classPath);
  }

  /** Library code that none of this does: nothing found on the class path, nothing walked. */
  public static LibraryCode none() {
    return new LibraryCode(List.of());
  }

  /**
   * What calling {@code owner.name descriptor} (internal name, JVM descriptor) does that must not
   * be done twice, as a reason ({@code reaches java.lang.Math#random()}), or null when nothing.
   */
  public String effect(String owner, String name, String descriptor, boolean dispatched) {
    String key = owner + "." + name + descriptor + (dispatched ? "+" : "");
    Optional<String> known = effects.get(key);
    if (known != null) {
      return known.orElse(null);
    }
    Walk walk = new Walk();
    String found = walk.method(new Call(owner, name, descriptor, false, dispatched));
    effects.put(key, Optional.ofNullable(found));
    return found;
  }

  /** Closes the jars read. */
  public void close() {
    for (ZipFile jar : jars.values()) {
      try {
        jar.close();
      } catch (IOException e) {
        // read-only, nothing lost
      }
    }
    jars.clear();
  }

  /** One question's walk, depth first with a work list of its own (no recursion to overflow). */
  private final class Walk {
    private final Set<String> seen = new HashSet<>();

    /** A mutable instance field the walk read ({@link MethodSummary#mutableRead}), or null. */
    private String mutableRead;

    /** Whether the walk stores into a field or an array, or calls a JDK mutator. */
    private boolean writes;

    /** The methods whose overrides this walk has queued. */
    private final Set<String> expanded = new HashSet<>();

    String method(Call first) {
      Deque<Call> work = new ArrayDeque<>();
      work.push(first);
      while (!work.isEmpty()) {
        Call call = work.pop();
        if (isJdk(call.owner)) {
          String effect = jdkEffect(call);
          if (effect != null) {
            return effect;
          }
          writes |= jdkMutation(call);
          continue;
        }
        if (call.owner.startsWith(RUNTIME)) {
          // A protected dependency's code calls the runtime (its reads of user data, the current
          // thread's logs): what the closure's own variants do too, not an effect of the library.
          continue;
        }
        String method = call.owner + "." + call.name + call.descriptor;
        if (call.dispatched && expanded.add(method)) {
          // The overrides a call on this type may take, in the classes of the class path.
          for (String sub : subtypes(call.owner)) {
            work.push(new Call(sub, call.name, call.descriptor, false, false));
          }
        }
        if (!seen.add(method)) {
          continue;
        }
        if (seen.size() > MAX_METHODS) {
          return "calls more than " + MAX_METHODS + " methods of library code";
        }
        MethodSummary m = find(call.owner, call.name, call.descriptor);
        if (m == null) {
          continue;
        }
        if (m.effect != null) {
          return m.effect;
        }
        if (mutableRead == null) {
          mutableRead = m.mutableRead;
        }
        writes |= m.writes;
        m.calls.forEach(work::push);
      }
      // A getter of a setting (limits.getLimit()): VAL would read the value the application set
      // since. Code that also stores (fills what it is given, builds objects) runs in both.
      return mutableRead != null && !writes
          ? "reads the field " + mutableRead + ", which may change"
          : null;
    }

    /** The method as declared in {@code owner} or the closest superclass that declares it. */
    private MethodSummary find(String owner, String name, String descriptor) {
      for (String c = owner; c != null && !isJdk(c); ) {
        ClassSummary s = summary(c);
        if (s == null) {
          return null;
        }
        MethodSummary m = s.methods.get(name + descriptor);
        if (m != null) {
          return m;
        }
        c = s.superName;
      }
      return null;
    }
  }

  /** The runtime's packages, which the generated code of a protected dependency calls. */
  private static final String RUNTIME = "dev/orthrus/runtime/";

  private static boolean isJdk(String internalName) {
    return internalName.startsWith("java/")
        || internalName.startsWith("javax/")
        || internalName.startsWith("jdk/")
        || internalName.startsWith("sun/")
        || internalName.startsWith("com/sun/")
        || internalName.startsWith("[");
  }

  /** The categories of the JDK table that make a call of library code an effect. */
  private static final Set<JdkCategory> EFFECTS =
      Set.of(
          JdkCategory.THREAD,
          JdkCategory.EXECUTOR,
          JdkCategory.PARALLEL_STREAM,
          JdkCategory.ASYNC_FUTURE,
          JdkCategory.IO,
          JdkCategory.LOCK,
          JdkCategory.MONITOR,
          JdkCategory.CLOCK,
          JdkCategory.RANDOM,
          JdkCategory.IDENTITY_HASH,
          JdkCategory.HASH_ORDER,
          JdkCategory.ENVIRONMENT,
          JdkCategory.NAN_BITS);

  private static String jdkEffect(Call c) {
    for (JdkApi api : jdkEntries(c)) {
      if (EFFECTS.contains(api.category())) {
        return "reaches "
            + javaName(c.owner)
            + "#"
            + c.name
            + "() ("
            + api.category().jsonName()
            + ")";
      }
    }
    return null;
  }

  /** A JDK call the table lists as changing its receiver or argument (a collection's add). */
  private static boolean jdkMutation(Call c) {
    return jdkEntries(c).stream()
        .anyMatch(
            api ->
                api.category() == JdkCategory.MUTATION
                    || api.category() == JdkCategory.ARRAY_WRITE);
  }

  /** The JDK table's entries for a call of the JDK; none for an array's method ({@code clone}). */
  private static List<JdkApi> jdkEntries(Call c) {
    if (c.owner.startsWith("[")) {
      return List.of();
    }
    Kind kind =
        c.name.equals("<init>") ? Kind.CONSTRUCTOR : c.isStatic ? Kind.STATIC : Kind.INSTANCE;
    return JdkApis.matching(new BytecodeCall(javaName(c.owner), c.name, c.descriptor, kind));
  }

  /** A JDK call as the bytecode names it: its declared owner is its receiver's static type. */
  private record BytecodeCall(String owner, String name, String descriptor, Kind kind)
      implements JdkCall {

    @Override
    public int arity() {
      return Type.getArgumentTypes(descriptor).length;
    }

    @Override
    public boolean isA(String type) {
      if (owner.equals(type)) {
        return true;
      }
      try {
        ClassLoader jdk = ClassLoader.getPlatformClassLoader();
        return Class.forName(type, false, jdk).isAssignableFrom(Class.forName(owner, false, jdk));
      } catch (ClassNotFoundException | LinkageError e) {
        return false;
      }
    }

    @Override
    public String receiver() {
      return owner;
    }

    @Override
    public boolean has(Fact fact) {
      if (fact != Fact.FLOATING_SIGNATURE) {
        return false;
      }
      Type method = Type.getMethodType(descriptor);
      List<Type> types = new ArrayList<>(List.of(method.getArgumentTypes()));
      types.add(method.getReturnType());
      return types.stream().anyMatch(t -> t.getSort() == Type.FLOAT || t.getSort() == Type.DOUBLE);
    }
  }

  /**
   * A call as the bytecode makes it; {@code dispatched}: an instance call that an override in a
   * subclass (or an implementation of an interface) may take.
   */
  private record Call(
      String owner, String name, String descriptor, boolean isStatic, boolean dispatched) {}

  /** One method's own effect (the first found in its body) and the calls it makes. */
  private static final class MethodSummary {
    String effect;

    /**
     * The first instance field that is neither final nor of user data it reads ({@code
     * acme.Limits.limit}), or null.
     */
    String mutableRead;

    /** It stores into a field or an array element. */
    boolean writes;

    final List<Call> calls = new ArrayList<>();
  }

  private static final class ClassSummary {
    String superName;
    final Map<String, MethodSummary> methods = new HashMap<>();

    /** The static final fields, by name and descriptor. */
    final Set<String> staticFinal = new HashSet<>();

    /** The instance fields it declares, and the final ones, by name and descriptor. */
    final Set<String> instanceFields = new HashSet<>();

    final Set<String> instanceFinal = new HashSet<>();

    /** Annotated {@code @UserData}: its fields are versioned, not settings. */
    boolean userData;
  }

  /** Direct subclasses and implementations by type, over every class of the class path. */
  private Map<String, List<String>> subtypeIndex;

  /** {@link #subtypes} by type, once asked. */
  private final Map<String, Set<String>> subtypes = new HashMap<>();

  /** Every class of the class path below {@code type} (library code only). */
  private Set<String> subtypes(String type) {
    return subtypes.computeIfAbsent(type, this::below);
  }

  private Set<String> below(String type) {
    if (subtypeIndex == null) {
      subtypeIndex = indexSubtypes();
    }
    Set<String> all = new java.util.LinkedHashSet<>();
    Deque<String> work = new ArrayDeque<>(subtypeIndex.getOrDefault(type, List.of()));
    while (!work.isEmpty()) {
      String t = work.pop();
      if (all.add(t)) {
        work.addAll(subtypeIndex.getOrDefault(t, List.of()));
      }
    }
    return all;
  }

  private Map<String, List<String>> indexSubtypes() {
    Map<String, List<String>> index = new HashMap<>();
    java.util.function.Consumer<byte[]> add =
        bytes -> {
          try {
            ClassReader r = new ClassReader(bytes);
            List<String> parents = new ArrayList<>(List.of(r.getInterfaces()));
            if (r.getSuperName() != null) {
              parents.add(r.getSuperName());
            }
            for (String parent : parents) {
              if (!isJdk(parent)) {
                index.computeIfAbsent(parent, k -> new ArrayList<>()).add(r.getClassName());
              }
            }
          } catch (RuntimeException e) {
            // not a class file ASM reads: no subtype of anything
          }
        };
    try {
      for (Path entry : classPath) {
        if (Files.isDirectory(entry)) {
          try (var files = Files.walk(entry)) {
            for (Path f : (Iterable<Path>) files::iterator) {
              if (f.toString().endsWith(".class")) {
                add.accept(Files.readAllBytes(f));
              }
            }
          }
        } else if (Files.isRegularFile(entry) && entry.toString().endsWith(".jar")) {
          ZipFile jar = jar(entry);
          for (ZipEntry e : java.util.Collections.list(jar.entries())) {
            if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")) {
              add.accept(jar.getInputStream(e).readAllBytes());
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the class path's classes", e);
    }
    return index;
  }

  private ZipFile jar(Path entry) throws IOException {
    ZipFile jar = jars.get(entry);
    if (jar == null) {
      jar = new ZipFile(entry.toFile());
      jars.put(entry, jar);
    }
    return jar;
  }

  private ClassSummary summary(String internalName) {
    if (classes.containsKey(internalName)) {
      return classes.get(internalName);
    }
    byte[] bytes = classBytes(internalName + ".class");
    classes.put(internalName, null);
    return bytes == null ? null : summarize(internalName, bytes);
  }

  private byte[] classBytes(String resource) {
    try {
      for (Path entry : classPath) {
        if (Files.isDirectory(entry)) {
          Path file = entry.resolve(resource);
          if (Files.isRegularFile(file)) {
            return Files.readAllBytes(file);
          }
        } else if (Files.isRegularFile(entry) && entry.toString().endsWith(".jar")) {
          ZipEntry e = jar(entry).getEntry(resource);
          if (e != null) {
            return jar(entry).getInputStream(e).readAllBytes();
          }
        }
      }
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource + " from the class path", e);
    }
  }

  /**
   * Reads a class file; the summary is registered before its methods are read, so that a read of
   * the class's own static field finds the field (fields come before methods in a class file).
   */
  private ClassSummary summarize(String internalName, byte[] bytes) {
    ClassSummary summary = new ClassSummary();
    ClassReader reader;
    try {
      reader = new ClassReader(bytes);
    } catch (RuntimeException e) {
      return null; // not a class file ASM reads: taken as written, like a class not found
    }
    classes.put(internalName, summary);
    String self = reader.getClassName();
    reader.accept(
        new ClassVisitor(Opcodes.ASM9) {
          @Override
          public void visit(
              int version,
              int access,
              String name,
              String signature,
              String superName,
              String[] interfaces) {
            summary.superName = superName;
          }

          @Override
          public org.objectweb.asm.AnnotationVisitor visitAnnotation(
              String descriptor, boolean visible) {
            if (descriptor.equals(USER_DATA)) {
              summary.userData = true;
            }
            return null;
          }

          @Override
          public org.objectweb.asm.FieldVisitor visitField(
              int access, String name, String descriptor, String signature, Object value) {
            boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
            if (!isStatic) {
              summary.instanceFields.add(name + ":" + descriptor);
            }
            if ((access & Opcodes.ACC_FINAL) != 0) {
              (isStatic ? summary.staticFinal : summary.instanceFinal).add(name + ":" + descriptor);
            }
            return null;
          }

          @Override
          public MethodVisitor visitMethod(
              int access, String name, String descriptor, String signature, String[] exceptions) {
            MethodSummary m = new MethodSummary();
            summary.methods.put(name + descriptor, m);
            if ((access & Opcodes.ACC_SYNCHRONIZED) != 0) {
              m.effect = "takes a lock (a synchronized method of " + javaName(self) + ")";
            }
            boolean initializer = name.equals("<clinit>");
            return new MethodVisitor(Opcodes.ASM9) {
              @Override
              public void visitMethodInsn(
                  int opcode, String owner, String name, String descriptor, boolean itf) {
                m.calls.add(
                    new Call(
                        owner,
                        name,
                        descriptor,
                        opcode == Opcodes.INVOKESTATIC,
                        opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE));
              }

              @Override
              public void visitInvokeDynamicInsn(
                  String name, String descriptor, Handle bootstrap, Object... arguments) {
                // A lambda's body is a method of this class: what it does is done by the caller
                // that runs it.
                for (Object a : arguments) {
                  if (a instanceof Handle h) {
                    m.calls.add(
                        new Call(
                            h.getOwner(),
                            h.getName(),
                            h.getDesc(),
                            h.getTag() == Opcodes.H_INVOKESTATIC,
                            h.getTag() == Opcodes.H_INVOKEVIRTUAL
                                || h.getTag() == Opcodes.H_INVOKEINTERFACE));
                  }
                }
              }

              @Override
              public void visitInsn(int opcode) {
                if (opcode == Opcodes.MONITORENTER && m.effect == null) {
                  m.effect = "takes a lock (synchronized in " + javaName(self) + ")";
                }
                if (opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE) {
                  m.writes = true;
                }
              }

              @Override
              public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
                if (m.effect != null || initializer) {
                  return;
                }
                String field = javaName(owner) + "." + name;
                if (opcode == Opcodes.PUTSTATIC) {
                  m.effect = "changes the static field " + field;
                } else if (opcode == Opcodes.GETSTATIC && !constant(owner, name, descriptor)) {
                  m.effect = "reads the static field " + field + ", which may change";
                } else if (opcode == Opcodes.PUTFIELD) {
                  m.writes = true;
                } else if (opcode == Opcodes.GETFIELD
                    && m.mutableRead == null
                    && mutableInstanceField(owner, name, descriptor)) {
                  m.mutableRead = field;
                }
              }
            };
          }
        },
        ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    return summary;
  }

  /** Classes whose objects no call changes: values a static final field may hold as a constant. */
  private static final Set<String> VALUE_TYPES =
      Set.of(
          "java/lang/String",
          "java/lang/Integer",
          "java/lang/Long",
          "java/lang/Boolean",
          "java/lang/Double",
          "java/lang/Float",
          "java/lang/Short",
          "java/lang/Byte",
          "java/lang/Character",
          "java/math/BigDecimal",
          "java/math/BigInteger",
          "java/util/regex/Pattern");

  /**
   * A static field whose value a second call reads the same: final, and a primitive, a string, a
   * boxed value, an enum or an array (a table). A field of another class is judged by its type.
   */
  private boolean constant(String owner, String name, String descriptor) {
    Type type = Type.getType(descriptor);
    boolean value =
        type.getSort() != Type.OBJECT // a primitive, or an array (a table)
            || VALUE_TYPES.contains(type.getInternalName())
            || type.getInternalName().startsWith("java/time/")
            // an enum's constants, a singleton of the class itself
            || type.getInternalName().equals(owner);
    return value && finalField(owner, name, descriptor);
  }

  /**
   * An instance field of library code that is neither final nor of a user-data class (whose fields
   * are versioned): a setting the application may change.
   */
  private boolean mutableInstanceField(String owner, String name, String descriptor) {
    String field = name + ":" + descriptor;
    // The class that declares it: the owner the instruction names, or a superclass.
    for (String c = owner; c != null && !isJdk(c); ) {
      ClassSummary s = summary(c);
      if (s == null || s.userData) {
        return false;
      }
      if (s.instanceFields.contains(field)) {
        return !s.instanceFinal.contains(field);
      }
      c = s.superName;
    }
    return false;
  }

  private static final String USER_DATA = "Ldev/orthrus/annotations/UserData;";

  private boolean finalField(String owner, String name, String descriptor) {
    if (isJdk(owner)) {
      // A JDK class's static fields (System.out): what is done with them is a call the table
      // judges.
      return true;
    }
    ClassSummary s = summary(owner);
    // A class not on the class path: taken as written, like its code. A field the class does not
    // declare (a superclass's) is not known to be final.
    return s == null || s.staticFinal.contains(name + ":" + descriptor);
  }

  private static String javaName(String internalName) {
    return internalName.replace('/', '.');
  }
}
