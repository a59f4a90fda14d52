package events;

import java.util.function.LongSupplier;

/** Settings a service keeps: a source of ids. */
public record Config(LongSupplier ids) {}
