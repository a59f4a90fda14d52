package dev.orthrus.model.json;

/** Malformed JSON, or JSON that does not have the shape a reader expects. */
public final class JsonException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public JsonException(String message) {
    super(message);
  }
}
