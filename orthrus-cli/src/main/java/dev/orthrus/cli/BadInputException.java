package dev.orthrus.cli;

/**
 * The user's input cannot be used: a missing folder, a source that does not parse, a broken
 * classpath. Subcommands turn it into {@link OrthrusCommand#EXIT_BAD_INPUT} and print only its
 * message, because the message, not a stack trace, is what the user can act on.
 */
public class BadInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
