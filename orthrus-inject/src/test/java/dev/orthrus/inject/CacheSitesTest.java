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
 * and checks ({@code snapshotFields}, {@code checksumFields}), a version's own methods (its
 * checksum) and a final field of the handle are not.
 */
class CacheSitesTest {

  private static final String HANDLE = "fixture/Account";
  private static final String VERSION = "fixture/Account$V";

  @TempDir Path dir;

  @Test
  void loadsOfFieldsInPlaceAndOfVersionsAreCacheSitesTheRuntimesCopiesAndChecksumsAreNot()
      throws Exception {
    write(HANDLE, handle());
    write(VERSION, version());
    Path report = dir.resolve("META-INF/orthrus/instrumentation.json");
    Files.createDirectories(report.getParent());
    Files.writeString(
        report, "{\"closures\": [], \"versionedClasses\": []}", StandardCharsets.UTF_8);

    List<Site> sites = SiteCatalog.scan(dir).sitesOf(HANDLE);
    assertEquals(List.of("lv$balance", "app"), sites.stream().map(Site::method).toList());
    assertTrue(sites.stream().allMatch(s -> s.shape().unit() == Unit.CACHE), sites.toString());
    assertEquals(List.of(), SiteCatalog.scan(dir).sitesOf(VERSION));
  }

  /**
   * Decision 0072: a user-data subclass with a field of its own extends the handle, and its version
   * the handle's version. Its field in place is user data (a read of it is a site), its snapshot
   * hook is the runtime's copy, and its version's methods are the runtime's.
   */
  /** A build of a named module: its module-info has no superclass, and it has no site. */
  @Test
  void aModuleInfoClassIsNoClassToScan() throws Exception {
    write(HANDLE, handle());
    write(VERSION, version());
    ClassWriter cw = new ClassWriter(0);
    cw.visit(Opcodes.V17, Opcodes.ACC_MODULE, "module-info", null, null, null);
    cw.visitModule("fixture", 0, null).visitEnd();
    cw.visitEnd();
    write("module-info", cw.toByteArray());
    Path report = dir.resolve("META-INF/orthrus/instrumentation.json");
    Files.createDirectories(report.getParent());
    Files.writeString(
        report, "{\"closures\": [], \"versionedClasses\": []}", StandardCharsets.UTF_8);

    SiteCatalog catalog = SiteCatalog.scan(dir);
    assertEquals(2, catalog.sitesOf(HANDLE).size());
    assertEquals(List.of(), catalog.sitesOf("module-info"));
  }

  @Test
  void aSubclassesFieldsInPlaceAreCacheSitesAndItsVersionIsTheRuntimes() throws Exception {
    String subclass = "fixture/Savings";
    String subVersion = "fixture/Savings$V";
    write(HANDLE, handle());
    write(VERSION, version());
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, subclass, null, HANDLE, null);
    cw.visitField(Opcodes.ACC_TRANSIENT, "paid", "J", null, null).visitEnd();
    getter(cw, "lv$paid", "()J", 0, subclass, "paid", "J", Opcodes.LRETURN);
    getter(cw, "snapshot$Account", "(I)J", 0, subclass, "paid", "J", Opcodes.LRETURN);
    cw.visitEnd();
    write(subclass, cw.toByteArray());
    cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, subVersion, null, VERSION, null);
    cw.visitField(Opcodes.ACC_FINAL, "paid", "J", null, null).visitEnd();
    getter(cw, "fields", "()J", 0, subVersion, "paid", "J", Opcodes.LRETURN);
    cw.visitEnd();
    write(subVersion, cw.toByteArray());
    Path report = dir.resolve("META-INF/orthrus/instrumentation.json");
    Files.createDirectories(report.getParent());
    Files.writeString(
        report, "{\"closures\": [], \"versionedClasses\": []}", StandardCharsets.UTF_8);

    SiteCatalog catalog = SiteCatalog.scan(dir);
    List<Site> sites = catalog.sitesOf(subclass);
    assertEquals(List.of("lv$paid"), sites.stream().map(Site::method).toList());
    assertEquals(Unit.CACHE, sites.get(0).shape().unit());
    assertEquals(List.of(), catalog.sitesOf(subVersion));
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
    getter(cw, "lv$balance", "()J", 0, HANDLE, "balance", "J", Opcodes.LRETURN);
    // The runtime's copy of the fields into a snapshot, and its check in place: not sites.
    getter(cw, "snapshotFields", "(I)J", 0, HANDLE, "balance", "J", Opcodes.LRETURN);
    getter(cw, "checksumFields", "()J", 0, HANDLE, "balance", "J", Opcodes.LRETURN);
    // A final field of the handle: not a site.
    getter(
        cw,
        "name",
        "()Ljava/lang/String;",
        0,
        HANDLE,
        "name",
        "Ljava/lang/String;",
        Opcodes.ARETURN);
    // The APP variant's read of a logged version's field: a site.
    getter(cw, "app", "(L" + VERSION + ";)J", 1, VERSION, "balance", "J", Opcodes.LRETURN);
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** A method that returns the field {@code owner.field} of its local {@code local}. */
  private static void getter(
      ClassWriter cw,
      String name,
      String descriptor,
      int local,
      String owner,
      String field,
      String fieldDescriptor,
      int returnOpcode) {
    MethodVisitor mv = cw.visitMethod(0, name, descriptor, null, null);
    mv.visitVarInsn(Opcodes.ALOAD, local);
    mv.visitFieldInsn(Opcodes.GETFIELD, owner, field, fieldDescriptor);
    mv.visitInsn(returnOpcode);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
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
    // The version's checksum, which the runtime computes: int arithmetic, and not sites.
    MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "checksumOf", "(J)I", null, null);
    mv.visitVarInsn(Opcodes.LLOAD, 0);
    mv.visitInsn(Opcodes.L2I);
    mv.visitInsn(Opcodes.ICONST_1);
    mv.visitInsn(Opcodes.IXOR);
    mv.visitInsn(Opcodes.IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    getter(cw, "fields", "()J", 0, VERSION, "balance", "J", Opcodes.LRETURN);
    cw.visitEnd();
    return cw.toByteArray();
  }
}
