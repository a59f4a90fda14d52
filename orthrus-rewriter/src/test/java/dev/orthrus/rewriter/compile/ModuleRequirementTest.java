package dev.orthrus.rewriter.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Requires;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ModuleVisitor;
import org.objectweb.asm.Opcodes;

/** A named module's protected descriptor requires the runtime transitively, and keeps the rest. */
class ModuleRequirementTest {

  @TempDir Path classes;

  /**
   * {@code module shop.bank { requires java.base; requires <module> with <flags>; exports ... }}.
   */
  private static byte[] descriptor(String module, int flags) {
    ClassWriter writer = new ClassWriter(0);
    writer.visit(Opcodes.V17, Opcodes.ACC_MODULE, "module-info", null, null, null);
    ModuleVisitor m = writer.visitModule("shop.bank", 0, null);
    m.visitRequire("java.base", Opcodes.ACC_MANDATED, null);
    m.visitRequire("dev.orthrus.annotations", 0, null);
    if (module != null) {
      m.visitRequire(module, flags, null);
    }
    m.visitPackage("shop/bank/api");
    m.visitExport("shop/bank/api", 0);
    m.visitEnd();
    writer.visitEnd();
    return writer.toByteArray();
  }

  private static Map<String, Set<Requires.Modifier>> requires(byte[] descriptor) {
    Map<String, Set<Requires.Modifier>> requires = new TreeMap<>();
    for (Requires r : ModuleDescriptor.read(ByteBuffer.wrap(descriptor)).requires()) {
      requires.put(r.name(), r.modifiers());
    }
    return requires;
  }

  @Test
  void aDescriptorWithoutTheRuntimeGetsItTransitivelyAndKeepsTheRest() throws IOException {
    Files.write(classes.resolve("module-info.class"), descriptor(null, 0));
    ModuleRequirement.requireRuntime(classes);
    byte[] rewritten = Files.readAllBytes(classes.resolve("module-info.class"));
    assertEquals(
        Map.of(
            "java.base", Set.of(Requires.Modifier.MANDATED),
            "dev.orthrus.annotations", Set.of(),
            "dev.orthrus.runtime", Set.of(Requires.Modifier.TRANSITIVE)),
        requires(rewritten));
    ModuleDescriptor read = ModuleDescriptor.read(ByteBuffer.wrap(rewritten));
    assertEquals("shop.bank", read.name());
    assertEquals(Set.of("shop.bank.api"), read.packages());
    assertEquals(1, read.exports().size());
  }

  @Test
  void aPlainOrStaticRequirementOfTheRuntimeBecomesTransitive() {
    for (int flags : new int[] {0, Opcodes.ACC_STATIC_PHASE}) {
      byte[] rewritten =
          ModuleRequirement.requireRuntime(descriptor(ModuleRequirement.RUNTIME_MODULE, flags));
      assertEquals(
          Set.of(Requires.Modifier.TRANSITIVE),
          requires(rewritten).get(ModuleRequirement.RUNTIME_MODULE),
          "flags " + flags);
    }
  }

  @Test
  void aTransitiveRequirementIsLeftAsItIs() {
    assertNull(
        ModuleRequirement.requireRuntime(
            descriptor(ModuleRequirement.RUNTIME_MODULE, Opcodes.ACC_TRANSITIVE)));
  }

  @Test
  void classesWithoutADescriptorAreLeftAlone() throws IOException {
    ModuleRequirement.requireRuntime(classes);
    try (var files = Files.list(classes)) {
      assertEquals(0, files.count());
    }
  }
}
