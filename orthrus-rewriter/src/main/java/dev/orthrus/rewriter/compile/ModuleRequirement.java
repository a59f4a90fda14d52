package dev.orthrus.rewriter.compile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ModuleVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Makes a named module's protected build require the runtime's module transitively. Its protected
 * classes extend and call runtime types ({@code InPlaceObject}, handles' versions), so every module
 * that compiles against them must read the runtime too; with {@code requires transitive} in the
 * descriptor, a module that requires this one does, and the compiler plugin puts the runtime on the
 * module path of such a module's build. The descriptor is the one the main compilation wrote (the
 * protected build compiles the sources on the class path); only the requirement is added.
 */
public final class ModuleRequirement {

  /** The runtime jar's {@code Automatic-Module-Name}. */
  public static final String RUNTIME_MODULE = "dev.orthrus.runtime";

  private static final String DESCRIPTOR = "module-info.class";

  private ModuleRequirement() {}

  /**
   * Adds {@code requires transitive dev.orthrus.runtime} to {@code classOutput}'s {@code
   * module-info.class}, or makes an existing requirement of it transitive (and not {@code static});
   * does nothing when there is no descriptor or it already has that.
   */
  public static void requireRuntime(Path classOutput) throws IOException {
    Path descriptor = classOutput.resolve(DESCRIPTOR);
    if (!Files.isRegularFile(descriptor)) {
      return;
    }
    byte[] rewritten = requireRuntime(Files.readAllBytes(descriptor));
    if (rewritten != null) {
      Files.write(descriptor, rewritten);
    }
  }

  /** The descriptor with the requirement, or null when it already has it. */
  static byte[] requireRuntime(byte[] descriptor) {
    ClassReader reader = new ClassReader(descriptor);
    ClassWriter writer = new ClassWriter(reader, 0);
    boolean[] changed = new boolean[1];
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public ModuleVisitor visitModule(String name, int access, String version) {
            return new ModuleVisitor(Opcodes.ASM9, super.visitModule(name, access, version)) {
              private boolean required;

              @Override
              public void visitRequire(String module, int flags, String moduleVersion) {
                int now = flags;
                if (module.equals(RUNTIME_MODULE)) {
                  // Needed at run time too: requires static becomes a plain requirement.
                  now = (flags | Opcodes.ACC_TRANSITIVE) & ~Opcodes.ACC_STATIC_PHASE;
                  required = true;
                  changed[0] = now != flags;
                }
                super.visitRequire(module, now, moduleVersion);
              }

              @Override
              public void visitEnd() {
                if (!required) {
                  super.visitRequire(RUNTIME_MODULE, Opcodes.ACC_TRANSITIVE, null);
                  changed[0] = true;
                }
                super.visitEnd();
              }
            };
          }
        },
        0);
    return changed[0] ? writer.toByteArray() : null;
  }
}
