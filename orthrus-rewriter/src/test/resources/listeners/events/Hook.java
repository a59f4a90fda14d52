package events;

import java.util.function.Consumer;

/** The program's own name for a callback of the JDK. */
public interface Hook extends Consumer<String> {}
