package dev.orthrus.processor.summary;

/**
 * A primitive array held by user data passed to a record's implicit canonical constructor ({@code
 * new Snap("m", counts)}): the record's component holds the very array a version holds, so a store
 * into the component's elements changes that version in place.
 *
 * @param record binary name of the record
 * @param component the component that holds the array
 * @param source {@code owner.field} of the user-data array
 * @param site where the record is made
 */
public record RecordHeldArray(String record, String component, String source, Site site) {}
