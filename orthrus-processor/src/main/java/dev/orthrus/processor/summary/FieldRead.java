package dev.orthrus.processor.summary;

/**
 * A load of an instance field declared by a {@code @UserData} class, or of a slot of a reference
 * array held in one ({@code field} is then {@code name[]} and {@code type} the element type).
 */
public record FieldRead(String owner, String field, String type, Site site) {}
