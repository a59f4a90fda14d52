package dev.orthrus.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.inject.site.Site;
import dev.orthrus.inject.site.SiteCatalog;
import dev.orthrus.inject.site.Unit;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Which loads of user data are {@code cache} sites, on a handle that holds its fields in place
 * (decision 0058), written here as bytecode of the shape the rewriter generates: a read of a
 * mutable field in place ({@code lv$balance}) and of a version's field are; the runtime's copies
 * ({@code snapshotFields}) and a final field of the handle are not.
 */
class CacheSitesTest {

  private static final String HANDLE = "fixture/Account";
  private static final String VERSION = "fixture/Account$V";

  @TempDir Path dir;

  @Test
  void loadsOfFieldsInPlaceAndOfVersionsAreCacheSitesTheRuntimesCopiesAreNot() throws Exception {
    write(HANDLE, handle());
    write(VERSION, version());
    Path report = dir.resolve("META-INF/orthrus/instrumentation.json");
    Files.createDirectories(report.getParent());
    Files.writeString(
        report, "{\"closures\": [], \"versionedClasses\": []}", StandardCharsets.UTF_8);

    List<Site> sites = SiteCatalog.scan(dir).sitesOf(HANDLE);
    assertEquals(List.of("lv$balance", "app"), sites.stream().map(Site::method).toList());
    assertTrue(sites.stream().allMatch(s -> s.shape().unit() == Unit.CACHE), sites.toString());
  }

  private void write(String name, byte[] bytes) throws Exception {
    Path file = dir.resolve(name + ".class");
    Files.createDirectories(file.getParent());
    Files.write(file, bytes);
  }

  /**
   * {@code Account extends InPlaceObject}: {@code long balance} in place, {@code final String
   * name}.
   */
  private static byte[] handle() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(
        Opcodes.V17,
        Opcodes.ACC_PUBLIC,
        HANDLE,
        null,
        "dev/orthrus/runtime/api/InPlaceObject",
        null);
    cw.visitField(Opcodes.ACC_TRANSIENT, "balance", "J", null, null).visitEnd();
    cw.visitField(Opcodes.ACC_FINAL, "name", "Ljava/lang/String;", null, null).visitEnd();
    // The plain variant's read of the field in place: a site.
    MethodVisitor read = cw.visitMethod(0, "lv$balance", "()J", null, null);
    read.visitVarInsn(Opcodes.ALOAD, 0);
    read.visitFieldInsn(Opcodes.GETFIELD, HANDLE, "balance", "J");
    read.visitInsn(Opcodes.LRETURN);
    read.visitMaxs(0, 0);
    read.visitEnd();
    // The runtime's copy of the fields into a snapshot: not a site.
    MethodVisitor copy = cw.visitMethod(0, "snapshotFields", "(I)J", null, null);
    copy.visitVarInsn(Opcodes.ALOAD, 0);
    copy.visitFieldInsn(Opcodes.GETFIELD, HANDLE, "balance", "J");
    copy.visitInsn(Opcodes.LRETURN);
    copy.visitMaxs(0, 0);
    copy.visitEnd();
    // A final field of the handle: not a site.
    MethodVisitor name = cw.visitMethod(0, "name", "()Ljava/lang/String;", null, null);
    name.visitVarInsn(Opcodes.ALOAD, 0);
    name.visitFieldInsn(Opcodes.GETFIELD, HANDLE, "name", "Ljava/lang/String;");
    name.visitInsn(Opcodes.ARETURN);
    name.visitMaxs(0, 0);
    name.visitEnd();
    // The APP variant's read of a logged version's field: a site.
    MethodVisitor app = cw.visitMethod(0, "app", "(L" + VERSION + ";)J", null, null);
    app.visitVarInsn(Opcodes.ALOAD, 1);
    app.visitFieldInsn(Opcodes.GETFIELD, VERSION, "balance", "J");
    app.visitInsn(Opcodes.LRETURN);
    app.visitMaxs(0, 0);
    app.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** {@code Account.V extends Version} with {@code final long balance}. */
  private static byte[] version() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(
        Opcodes.V17,
        Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL,
        VERSION,
        null,
        "dev/orthrus/runtime/api/Version",
        null);
    cw.visitField(Opcodes.ACC_FINAL, "balance", "J", null, null).visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }
}
