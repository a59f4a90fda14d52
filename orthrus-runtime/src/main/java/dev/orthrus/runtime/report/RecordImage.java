package dev.orthrus.runtime.report;

import java.io.Serial;
import java.io.Serializable;

/**
 * A record of the program that is not {@link Serializable} (a {@code record Window(String name,
 * long[] counts)} held by user data), as a reproducer file carries it: its class and its
 * components, each written as any other value of the file. Reading rebuilds the record with its
 * canonical constructor, when its class is one the reader trusts.
 */
final class RecordImage implements Serializable {

  @Serial private static final long serialVersionUID = 1L;

  final String type;
  final Object[] components;

  RecordImage(String type, Object[] components) {
    this.type = type;
    this.components = components;
  }
}
