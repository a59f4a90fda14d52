package deep;

/**
 * Inserts ascending keys into an unbalanced tree, whose recursive insert goes one frame deeper per
 * key, until {@code StackOverflowError} or {@code args[0]} keys: the depth a program reaches on
 * its thread's stack (docs/rewriter.md, "Stack depth").
 */
public final class Main {
  public static void main(String[] args) {
    Tree t = new Tree();
    int max = Integer.parseInt(args[0]);
    try {
      for (int i = 0; i < max; i++) {
        t.insert(i);
      }
      System.out.println("reached " + max);
    } catch (StackOverflowError e) {
      System.out.println("overflow at size " + t.size);
    }
  }
}
