package dev.orthrus.rewriter.compile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Gives the classes compiled from generated sources the line numbers of the sources they were made
 * from: a stack trace, a debugger's breakpoint and a fault site then name the user's line, not one
 * of the generated file (whose variants repeat each method). A line number the printer could not
 * trace to an original line is dropped, so that the code it covered counts to the line before it (a
 * method the rewriter made has none).
 */
public final class OriginalLines {

  private OriginalLines() {}

  /**
   * Rewrites the line numbers of every class under {@code classes} whose source ({@code
   * "pkg/dir/File.java"}: its package's path and its source file attribute) has a map in {@code
   * bySource}: for each printed line, the original one, 0 for none.
   */
  public static void restore(Path classes, Map<String, int[]> bySource) {
    if (bySource.isEmpty()) {
      return;
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(f -> f.toString().endsWith(".class")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (Path file : files) {
      try {
        byte[] rewritten = restore(Files.readAllBytes(file), bySource);
        if (rewritten != null) {
          Files.write(file, rewritten);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The class with its lines restored, or null when its source has no map. */
  static byte[] restore(byte[] classFile, Map<String, int[]> bySource) {
    ClassReader reader = new ClassReader(classFile);
    String[] source = new String[1];
    reader.accept(
        new ClassVisitor(Opcodes.ASM9) {
          @Override
          public void visitSource(String file, String debug) {
            source[0] = file;
          }
        },
        ClassReader.SKIP_CODE);
    if (source[0] == null) {
      return null;
    }
    String name = reader.getClassName();
    int slash = name.lastIndexOf('/');
    int[] lines = bySource.get(name.substring(0, slash + 1) + source[0]);
    if (lines == null) {
      return null;
    }
    ClassWriter writer = new ClassWriter(reader, 0);
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public MethodVisitor visitMethod(
              int access, String method, String descriptor, String signature, String[] thrown) {
            return new MethodVisitor(
                Opcodes.ASM9, super.visitMethod(access, method, descriptor, signature, thrown)) {
              @Override
              public void visitLineNumber(int line, Label start) {
                int original = line < lines.length ? lines[line] : 0;
                if (original > 0) {
                  super.visitLineNumber(original, start);
                }
              }
            };
          }
        },
        0);
    return writer.toByteArray();
  }
}
