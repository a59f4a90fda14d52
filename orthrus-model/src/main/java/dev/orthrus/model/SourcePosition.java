package dev.orthrus.model;

/**
 * A place in a source file. {@code file} is as the compiler named it (relative where it could be
 * made relative to a source root); {@code line} and {@code column} are 1-based, 0 when unknown.
 */
public record SourcePosition(String file, long line, long column) {

  public static final SourcePosition UNKNOWN = new SourcePosition("", 0, 0);

  public SourcePosition {
    file = file == null ? "" : file;
  }
}
