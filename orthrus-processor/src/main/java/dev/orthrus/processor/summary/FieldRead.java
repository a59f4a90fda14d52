package dev.orthrus.processor.summary;

/** A load of an instance field declared by a {@code @UserData} class. */
public record FieldRead(String owner, String field, String type, Site site) {}
