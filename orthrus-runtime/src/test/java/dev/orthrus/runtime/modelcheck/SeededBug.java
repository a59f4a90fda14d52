package dev.orthrus.runtime.modelcheck;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * One bug put into one method of the runtime: what an interleaving test must catch to show that it
 * is not vacuous. The bug is made in the real class's bytecode, so the test that catches it runs
 * against the runtime as it is, less one change, and no broken copy of the runtime lives in the
 * sources.
 *
 * <p>{@link #create} copies a test class that drives the runtime (a driver) and every project class
 * it reaches, the bug in place, under new names: {@code SpmcRingQueue} becomes {@code
 * SpmcRingQueue_seeded1}, in the original's package and class loader, so package-private access
 * works as in the original. The interface the test talks to the driver through and everything
 * outside {@code dev.orthrus} stay shared, so the model checker drives the copy through the same
 * harness as the original. New names, because Lincheck caches instrumented bytecode by class name
 * for the whole JVM and looks classes up with {@code Class.forName} (so copies cannot live in a
 * class loader of their own): under the original names, a later test could run the other one's
 * code.
 */
public final class SeededBug {

  private static final AtomicInteger COPIES = new AtomicInteger();

  /** The JVM's instrumentation, which the model checker has attached already. */
  private static final Instrumentation INSTRUMENTATION = ByteBuddyAgent.install();

  private final String description;
  private final String className;
  private final String methodName;
  private final String methodDescriptor;
  private final Edit edit;

  /** {@code _seededN}: what this bug's copies are renamed with. */
  private final String suffix;

  private String driver;
  private String shared;
  private Class<?> copy;

  /** Changes made to the method; none means the method no longer looks as the bug expects. */
  private int edits;

  /**
   * How the bug changes the method: it rewrites the method's instructions as they stream by, and
   * calls {@code edited} for each change it makes.
   */
  private interface Edit {
    MethodVisitor wrap(MethodVisitor original, Runnable edited);
  }

  private SeededBug(String description, Class<?> owner, String name, String descriptor, Edit edit) {
    this.description = description;
    this.className = owner.getName();
    this.methodName = name;
    this.methodDescriptor = descriptor;
    this.edit = edit;
    this.suffix = "_seeded" + COPIES.incrementAndGet();
  }

  /**
   * The method {@code owner.name descriptor} gets a new body, written by {@code body} (without
   * branches: frames are not recomputed).
   */
  public static SeededBug replaceBody(
      String description,
      Class<?> owner,
      String name,
      String descriptor,
      Consumer<MethodVisitor> body) {
    return new SeededBug(
        description,
        owner,
        name,
        descriptor,
        (original, edited) -> {
          edited.run();
          original.visitCode();
          body.accept(original);
          original.visitMaxs(0, 0);
          original.visitEnd();
          // The original instructions go nowhere.
          return new MethodVisitor(Opcodes.ASM9) {};
        });
  }

  /**
   * Every call to a method named {@code calledName} inside {@code owner.name descriptor} is
   * replaced by the instructions {@code instead} writes, which must leave the stack as the call
   * would.
   */
  public static SeededBug replaceCall(
      String description,
      Class<?> owner,
      String name,
      String descriptor,
      String calledName,
      Consumer<MethodVisitor> instead) {
    return new SeededBug(
        description,
        owner,
        name,
        descriptor,
        (original, edited) ->
            new MethodVisitor(Opcodes.ASM9, original) {
              @Override
              public void visitMethodInsn(
                  int opcode,
                  String callOwner,
                  String callName,
                  String callDescriptor,
                  boolean isInterface) {
                if (callName.equals(calledName)) {
                  edited.run();
                  instead.accept(original);
                } else {
                  super.visitMethodInsn(opcode, callOwner, callName, callDescriptor, isInterface);
                }
              }
            });
  }

  /**
   * Every instruction {@code opcode} (one without operands) inside {@code owner.name descriptor} is
   * replaced by what {@code instead} writes.
   */
  public static SeededBug replaceInstruction(
      String description,
      Class<?> owner,
      String name,
      String descriptor,
      int opcode,
      Consumer<MethodVisitor> instead) {
    return new SeededBug(
        description,
        owner,
        name,
        descriptor,
        (original, edited) ->
            new MethodVisitor(Opcodes.ASM9, original) {
              @Override
              public void visitInsn(int insn) {
                if (insn == opcode) {
                  edited.run();
                  instead.accept(original);
                } else {
                  super.visitInsn(insn);
                }
              }
            });
  }

  /**
   * A new copy of {@code driver}, a test class that drives the runtime, made by its constructor
   * taking {@code args} and seen through the shared interface {@code as}; it and the project
   * classes it reaches are copied once per bug.
   */
  public synchronized <T> T create(Class<? extends T> driver, Class<T> as, Object... args) {
    if (copy == null) {
      this.driver = driver.getName();
      this.shared = as.getName();
      copy = copyFrom(driver.getName());
      if (edits == 0) {
        throw new IllegalStateException(
            "seeded bug not applied: nothing to change in "
                + className
                + "."
                + methodName
                + methodDescriptor
                + " reached from "
                + driver);
      }
    } else if (!this.driver.equals(driver.getName())) {
      throw new IllegalArgumentException("one driver per seeded bug: " + this.driver);
    }
    for (var k : copy.getDeclaredConstructors()) {
      if (k.getParameterCount() == args.length) {
        try {
          k.setAccessible(true);
          return as.cast(k.newInstance(args));
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    throw new IllegalArgumentException("no constructor of " + driver + " takes " + args.length);
  }

  /** Every class of the project is copied but the interface the caller shares with the copy. */
  private boolean copied(String name) {
    return name.startsWith("dev.orthrus.") && !name.equals(shared);
  }

  /**
   * Copies {@code root} and every copied class it reaches into a jar that the application class
   * loader searches from now on, and loads the copy of {@code root}. The copies load lazily, by
   * name, like the originals: defining them one by one would link each at once, before the classes
   * its verification needs exist.
   */
  private Class<?> copyFrom(String root) {
    Map<String, byte[]> renamed = new LinkedHashMap<>();
    Deque<String> work = new ArrayDeque<>(List.of(root));
    while (!work.isEmpty()) {
      String name = work.pop();
      if (renamed.containsKey(name)) {
        continue;
      }
      Set<String> named = new LinkedHashSet<>();
      renamed.put(name, rename(new ClassReader(classFile(name)), name, named));
      for (String n : named) {
        work.add(n.replace('/', '.'));
      }
    }
    try {
      Path jar = Files.createTempFile("orthrus" + suffix, ".jar");
      jar.toFile().deleteOnExit();
      try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
        for (Map.Entry<String, byte[]> e : renamed.entrySet()) {
          out.putNextEntry(new JarEntry(e.getKey().replace('.', '/') + suffix + ".class"));
          out.write(e.getValue());
          out.closeEntry();
        }
      }
      INSTRUMENTATION.appendToSystemClassLoaderSearch(new JarFile(jar.toFile()));
      return Class.forName(root + suffix, true, ClassLoader.getSystemClassLoader());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code name} renamed, with what it names; the bug put in. Fills {@code named}. */
  private byte[] rename(ClassReader reader, String name, Set<String> named) {
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    ClassVisitor renamed =
        new ClassRemapper(
            writer,
            new Remapper() {
              @Override
              public String map(String internalName) {
                if (copied(internalName.replace('/', '.'))) {
                  named.add(internalName);
                  return internalName + suffix;
                }
                return internalName;
              }
            });
    ClassVisitor seeded =
        !name.equals(className)
            ? renamed
            : new ClassVisitor(Opcodes.ASM9, renamed) {
              @Override
              public MethodVisitor visitMethod(
                  int access,
                  String method,
                  String descriptor,
                  String signature,
                  String[] exceptions) {
                MethodVisitor mv =
                    super.visitMethod(access, method, descriptor, signature, exceptions);
                if (method.equals(methodName) && descriptor.equals(methodDescriptor)) {
                  return edit.wrap(mv, () -> edits++);
                }
                return mv;
              }
            };
    reader.accept(seeded, 0);
    return writer.toByteArray();
  }

  private byte[] classFile(String name) {
    String path = name.replace('.', '/') + ".class";
    try (InputStream in = getClass().getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("no class file for " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return description;
  }
}
