package hooks;

/** A generic lookup the application answers with a lambda. */
public interface Lookup<T> {
  T find(long key);
}
