package events;

/** A callback interface of the program. */
public interface Listener {
  void on(String event);
}
