package dev.orthrus.runtime.api;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.IntFunction;

/**
 * A for-each loop over a {@link VersionedArray}, as the loop over a Java array runs: each step
 * reads the next slot when the loop gets to it, through {@code read} (a plain read, the log's load
 * or the replay's), so its loads fall between the body's as those of {@code a[i]} in an index loop
 * do.
 */
final class SlotIterator<T> implements Iterator<T> {

  private final int length;
  private final IntFunction<T> read;
  private int next;

  SlotIterator(int length, IntFunction<T> read) {
    this.length = length;
    this.read = read;
  }

  @Override
  public boolean hasNext() {
    return next < length;
  }

  @Override
  public T next() {
    if (next >= length) {
      throw new NoSuchElementException();
    }
    return read.apply(next++);
  }
}
