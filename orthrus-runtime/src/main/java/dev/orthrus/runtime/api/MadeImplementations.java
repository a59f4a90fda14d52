package dev.orthrus.runtime.api;

import java.util.Arrays;

/**
 * The last {@link #REMEMBERED} lambdas, method references and anonymous objects implementing a type
 * of the sources that one execution made, APP's in its log and VAL's in its replay (decision 0100):
 * a call of one runs it in the variant that made it, instead of taking it for an implementation out
 * of the rewriter's sight. A lambda is called soon after it is made, and APP and VAL, which make
 * the same ones in the same order, forget the same older ones. The array is made on the first.
 */
final class MadeImplementations {

  /** How many it remembers: a power of two. */
  static final int REMEMBERED = 64;

  private Object[] made;
  private int count;

  void add(Object implementation) {
    if (made == null) {
      made = new Object[REMEMBERED];
    }
    made[count++ & (REMEMBERED - 1)] = implementation;
  }

  boolean contains(Object implementation) {
    for (int i = Math.min(count, REMEMBERED) - 1; i >= 0; i--) {
      if (made[i] == implementation) {
        return true;
      }
    }
    return false;
  }

  /** Forgets them all, references and count. */
  void clear() {
    if (made != null && count > 0) {
      Arrays.fill(made, null);
    }
    count = 0;
  }
}
