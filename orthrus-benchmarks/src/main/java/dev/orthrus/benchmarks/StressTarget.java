package dev.orthrus.benchmarks;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.testkit.FpAccumulator;
import dev.orthrus.testkit.KvMap;
import dev.orthrus.testkit.TreeIndex;

/**
 * The closures the stress calls, on user data all its threads share, in one {@link Code}. The
 * stress is not a benchmark: one loop over this interface serves both codes.
 */
interface StressTarget {

  void get(String key);

  /**
   * Hands the item under {@code key} to the control path and back into a closure, then verifies it;
   * false when the key was missing (one closure ran, not two).
   */
  boolean handoff(String key);

  void set(String key, byte[] value, int flags);

  void delete(String key);

  void insert(long key, long value);

  void scan(long from, int max);

  void add(double[] batch);

  static StressTarget of(Code code, OrthrusRuntime rt) {
    return code == Code.GENERATED ? new Generated(rt) : new HandWritten(rt);
  }

  /** The hand-written closures, each stress operation through a call site of its own. */
  final class HandWritten implements StressTarget {
    private static final CallSite GET_SITE = KvMap.GET.site(1);
    private static final CallSite SET_SITE = KvMap.SET.site(2);
    private static final CallSite DELETE_SITE = KvMap.DELETE.site(3);

    private final KvMap map;
    private final TreeIndex tree;
    private final FpAccumulator fp;

    HandWritten(OrthrusRuntime rt) {
      map = new KvMap(rt, 256);
      tree = new TreeIndex(rt);
      fp = new FpAccumulator(rt);
    }

    @Override
    public void get(String key) {
      map.get(key, GET_SITE);
    }

    @Override
    public boolean handoff(String key) {
      KvMap.Item item = map.find(key);
      if (item == null) {
        return false;
      }
      map.valueOf(item);
      map.runtime().verify(item);
      return true;
    }

    @Override
    public void set(String key, byte[] value, int flags) {
      map.set(key, value, flags, SET_SITE);
    }

    @Override
    public void delete(String key) {
      map.delete(key, DELETE_SITE);
    }

    @Override
    public void insert(long key, long value) {
      tree.insert(key, value);
    }

    @Override
    public void scan(long from, int max) {
      tree.scan(from, max);
    }

    @Override
    public void add(double[] batch) {
      fp.add(batch);
    }
  }

  /** The classes the rewriter generated from {@code orthrus-goldens}' annotated sources. */
  final class Generated implements StressTarget {
    private final OrthrusRuntime rt;
    private final golden.kvmap.KvMap map = new golden.kvmap.KvMap(256);
    private final golden.tree.TreeIndex tree = new golden.tree.TreeIndex();
    private final golden.fp.FpAccumulator fp = new golden.fp.FpAccumulator();

    Generated(OrthrusRuntime rt) {
      this.rt = rt;
    }

    @Override
    public void get(String key) {
      map.get(key);
    }

    @Override
    public boolean handoff(String key) {
      golden.kvmap.Item item = map.find(key);
      if (item == null) {
        return false;
      }
      golden.kvmap.KvMap.valueOf(item);
      rt.verify(item);
      return true;
    }

    @Override
    public void set(String key, byte[] value, int flags) {
      map.set(key, value, flags);
    }

    @Override
    public void delete(String key) {
      map.delete(key);
    }

    @Override
    public void insert(long key, long value) {
      tree.insert(key, value);
    }

    @Override
    public void scan(long from, int max) {
      tree.scan(from, max);
    }

    @Override
    public void add(double[] batch) {
      fp.add(batch);
    }
  }
}
