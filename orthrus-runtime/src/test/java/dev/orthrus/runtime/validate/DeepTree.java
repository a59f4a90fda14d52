package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedObject;

/**
 * A binary tree summed by a recursive closure, hand-written as the rewriter generates it. Built
 * degenerate (every node has only a right child), its depth is its size, so {@link #sum} recurses
 * once per node: deep enough to overflow a default thread stack. The original source:
 *
 * <pre>{@code
 * @UserData final class Node { long value; Node left, right; }
 * @Closure long sum() { return sum(root); }
 * private long sum(Node n) { return n == null ? 0 : n.value + sum(n.left) + sum(n.right); }
 * }</pre>
 */
final class DeepTree {

  static final ClosureBinding SUM =
      ClosureBinding.of(
          DeepTree.class.getName() + "#sum()",
          "DeepTree.sum",
          (log, r) -> r.returnBits(((DeepTree) log.receiver()).sumVal(r)));

  private static final CallSite SUM_SITE = SUM.site(0);

  static final class Node extends VersionedObject<Node.V> {
    private static final long serialVersionUID = 1L;

    Node(long value, Node left, Node right) {
      soVersion(new V(this, value, left, right));
    }

    static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final long value;
      final Node left;
      final Node right;

      V(Node owner, long value, Node left, Node right) {
        super(owner);
        this.value = value;
        this.left = left;
        this.right = right;
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(value);
        sink.ref(left);
        sink.ref(right);
      }
    }
  }

  private final OrthrusRuntime rt;
  private final Node root;

  /** A degenerate tree of {@code depth} nodes valued 1..depth, built on the control path. */
  DeepTree(OrthrusRuntime rt, int depth) {
    this.rt = rt;
    Node n = null;
    for (int i = depth; i >= 1; i--) {
      n = new Node(i, null, n);
    }
    this.root = n;
  }

  long sum() {
    ClosureLog log = rt.begin(SUM_SITE);
    if (log == null) {
      return sumPlain(root);
    }
    log.receiver(this);
    long result;
    try {
      result = sumApp(log, root);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(result);
    rt.publish(log);
    return result;
  }

  private static long sumPlain(Node n) {
    if (n == null) {
      return 0;
    }
    Node.V v = n.lvVersion();
    return v.value + sumPlain(v.left) + sumPlain(v.right);
  }

  private static long sumApp(ClosureLog log, Node n) {
    if (n == null) {
      return 0;
    }
    Node.V v = log.load(n);
    return v.value + sumApp(log, v.left) + sumApp(log, v.right);
  }

  long sumVal(Replay r) {
    return sumVal(r, root);
  }

  private static long sumVal(Replay r, Node n) {
    if (n == null) {
      return 0;
    }
    Node.V v = r.load(n);
    return v.value + sumVal(r, v.left) + sumVal(r, v.right);
  }
}
