package dev.orthrus.testkit;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.annotations.Comparison;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.Checksum;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedObject;
import java.io.Serializable;

/**
 * An ordered index (unbalanced binary search tree of long keys) with {@code insert} and a range
 * {@code scan}, hand-written as the rewriter will generate it. A scan is a read-only closure that
 * loads many versions; an insert allocates a node and links it into its parent.
 */
public final class TreeIndex implements Serializable {

  private static final long serialVersionUID = 1L;

  static final String OWNER = TreeIndex.class.getName();

  public static final ClosureBinding INSERT =
      new ClosureBinding(
          descriptor("insert(long,long)", "TreeIndex.insert"),
          (log, r) ->
              r.returnBits(
                  ((TreeIndex) log.receiver()).insertVal(r, log.bitsArg(0), log.bitsArg(1))
                      ? 1
                      : 0));
  public static final ClosureBinding SCAN =
      new ClosureBinding(
          descriptor("scan(long,int)", "TreeIndex.scan"),
          (log, r) ->
              r.returnRef(
                  ((TreeIndex) log.receiver()).scanVal(r, log.bitsArg(0), (int) log.bitsArg(1))));

  private static final CallSite INSERT_SITE = INSERT.site(0);
  private static final CallSite SCAN_SITE = SCAN.site(0);

  private static ClosureDescriptor descriptor(String method, String name) {
    String id = OWNER + "#" + method;
    return new ClosureDescriptor(
        id, ClosureDescriptor.keyOf(id), name, false, false, false, Comparison.EQUALS);
  }

  /** A tree node; its key is final. */
  public static final class Node extends VersionedObject<Node.V> {
    private static final long serialVersionUID = 1L;
    final long key;

    Node(long key, long value) {
      this.key = key;
      soVersion(new V(this, value, null, null));
    }

    /** Mutable fields of a node. */
    public static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final long value;
      final Node left;
      final Node right;

      V(Node owner, long value, Node left, Node right) {
        super(owner);
        this.value = value;
        this.left = left;
        this.right = right;
        seal(Checksum.ref(Checksum.ref(Checksum.bits(Checksum.SEED, value), left), right));
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(value);
        sink.ref(left);
        sink.ref(right);
      }
    }
  }

  /** The tree's root and size. */
  public static final class Root extends VersionedObject<Root.V> {
    private static final long serialVersionUID = 1L;

    Root() {
      soVersion(new V(this, null, 0));
    }

    /** Mutable fields of the root holder. */
    public static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final Node root;
      final int size;

      V(Root owner, Node root, int size) {
        super(owner);
        this.root = root;
        this.size = size;
        seal(Checksum.bits(Checksum.ref(Checksum.SEED, root), size));
      }

      @Override
      public void fields(FieldSink sink) {
        sink.ref(root);
        sink.bits(size);
      }
    }
  }

  private final transient ClosureRuntime rt;
  private final Root root = new Root();

  public TreeIndex(ClosureRuntime rt) {
    this.rt = rt;
  }

  /** Inserts or replaces; true when the key was new. */
  public boolean insert(long key, long value) {
    ClosureLog log = rt.begin(INSERT_SITE);
    if (log == null) {
      return insertPlain(key, value);
    }
    return insertLogged(log, key, value);
  }

  private boolean insertLogged(ClosureLog log, long key, long value) {
    log.receiver(this);
    log.argBits(key);
    log.argBits(value);
    boolean r;
    try {
      r = insertApp(log, key, value);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(r ? 1 : 0);
    rt.publish(log);
    return r;
  }

  /** Up to {@code max} values with keys >= {@code from}, in key order. */
  public long[] scan(long from, int max) {
    ClosureLog log = rt.begin(SCAN_SITE);
    if (log == null) {
      return scanPlain(from, max);
    }
    return scanLogged(log, from, max);
  }

  private long[] scanLogged(ClosureLog log, long from, int max) {
    log.receiver(this);
    log.argBits(from);
    log.argBits(max);
    long[] r;
    try {
      r = scanApp(log, from, max);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnRef(r);
    rt.publish(log);
    return r;
  }

  // ---- plain ----

  boolean insertPlain(long key, long value) {
    Root.V rv = root.lvVersion();
    if (rv.root == null) {
      root.soVersion(new Root.V(root, new Node(key, value), rv.size + 1));
      return true;
    }
    Node n = rv.root;
    while (true) {
      Node.V v = n.lvVersion();
      if (key == n.key) {
        n.soVersion(new Node.V(n, value, v.left, v.right));
        return false;
      }
      Node child = key < n.key ? v.left : v.right;
      if (child == null) {
        Node created = new Node(key, value);
        n.soVersion(
            key < n.key
                ? new Node.V(n, v.value, created, v.right)
                : new Node.V(n, v.value, v.left, created));
        Root.V rv2 = root.lvVersion();
        root.soVersion(new Root.V(root, rv2.root, rv2.size + 1));
        return true;
      }
      n = child;
    }
  }

  long[] scanPlain(long from, int max) {
    long[] out = new long[Math.max(0, max)];
    int[] count = {0};
    scanPlain(root.lvVersion().root, from, out, count);
    return java.util.Arrays.copyOf(out, count[0]);
  }

  private void scanPlain(Node n, long from, long[] out, int[] count) {
    if (n == null || count[0] >= out.length) {
      return;
    }
    Node.V v = n.lvVersion();
    if (from < n.key) {
      scanPlain(v.left, from, out, count);
    }
    if (n.key >= from && count[0] < out.length) {
      out[count[0]++] = v.value;
    }
    scanPlain(v.right, from, out, count);
  }

  // ---- APP ----

  boolean insertApp(ClosureLog log, long key, long value) {
    Root.V rv = log.load(root);
    if (rv.root == null) {
      Node created = log.allocate(new Node(key, value));
      log.store(root, new Root.V(root, created, rv.size + 1));
      return true;
    }
    Node n = rv.root;
    while (true) {
      Node.V v = log.load(n);
      if (key == n.key) {
        log.store(n, new Node.V(n, value, v.left, v.right));
        return false;
      }
      Node child = key < n.key ? v.left : v.right;
      if (child == null) {
        Node created = log.allocate(new Node(key, value));
        log.store(
            n,
            key < n.key
                ? new Node.V(n, v.value, created, v.right)
                : new Node.V(n, v.value, v.left, created));
        Root.V rv2 = log.load(root);
        log.store(root, new Root.V(root, rv2.root, rv2.size + 1));
        return true;
      }
      n = child;
    }
  }

  long[] scanApp(ClosureLog log, long from, int max) {
    long[] out = new long[Math.max(0, max)];
    int[] count = {0};
    scanApp(log, log.load(root).root, from, out, count);
    return java.util.Arrays.copyOf(out, count[0]);
  }

  private void scanApp(ClosureLog log, Node n, long from, long[] out, int[] count) {
    if (n == null || count[0] >= out.length) {
      return;
    }
    Node.V v = log.load(n);
    if (from < n.key) {
      scanApp(log, v.left, from, out, count);
    }
    if (n.key >= from && count[0] < out.length) {
      out[count[0]++] = v.value;
    }
    scanApp(log, v.right, from, out, count);
  }

  // ---- VAL ----

  boolean insertVal(Replay r, long key, long value) {
    Root.V rv = r.load(root);
    if (rv.root == null) {
      Node created = r.allocate(new Node(key, value));
      r.store(root, new Root.V(root, created, rv.size + 1));
      return true;
    }
    Node n = rv.root;
    while (true) {
      Node.V v = r.load(n);
      if (key == n.key) {
        r.store(n, new Node.V(n, value, v.left, v.right));
        return false;
      }
      Node child = key < n.key ? v.left : v.right;
      if (child == null) {
        Node created = r.allocate(new Node(key, value));
        r.store(
            n,
            key < n.key
                ? new Node.V(n, v.value, created, v.right)
                : new Node.V(n, v.value, v.left, created));
        Root.V rv2 = r.load(root);
        r.store(root, new Root.V(root, rv2.root, rv2.size + 1));
        return true;
      }
      n = child;
    }
  }

  long[] scanVal(Replay r, long from, int max) {
    long[] out = new long[Math.max(0, max)];
    int[] count = {0};
    scanVal(r, r.load(root).root, from, out, count);
    return java.util.Arrays.copyOf(out, count[0]);
  }

  private void scanVal(Replay r, Node n, long from, long[] out, int[] count) {
    if (n == null || count[0] >= out.length) {
      return;
    }
    Node.V v = r.load(n);
    if (from < n.key) {
      scanVal(r, v.left, from, out, count);
    }
    if (n.key >= from && count[0] < out.length) {
      out[count[0]++] = v.value;
    }
    scanVal(r, v.right, from, out, count);
  }

  public int size() {
    return root.lvVersion().size;
  }
}
