package dev.orthrus.testkit;

import dev.orthrus.annotations.ClosureDescriptor;
import dev.orthrus.annotations.Comparison;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.Checksum;
import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.ControlPath;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.InPlaceObject;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.SlotVersion;
import dev.orthrus.runtime.api.ValueSlots;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedArray;
import dev.orthrus.runtime.api.VersionedObject;
import java.io.Serializable;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A memcached-like chained hash map written by hand the way the source rewriter will generate it:
 * every closure ({@code get}, {@code set}, {@code delete}) has a dispatcher with the original
 * signature, a plain variant (versioned memory, no log), a logged path that logs arguments, runs
 * the APP variant (logs loads, stores and allocations) and publishes, kept out of the dispatcher so
 * that the JIT inlines the dispatcher (decision 0025), and a VAL variant (replays a log, stores
 * privately). These are the rewriter's golden targets; the vanilla original is {@link
 * VanillaKvMap}.
 *
 * <p>A closure's stores to one object become one new version (the rewriter coalesces them): {@code
 * set} updates value, flags and CAS of an item in one version, and the table's CAS counter and size
 * in one version, stored once the lookup has decided the path (the counter alone when the key
 * exists, counter and size when it is new). The accesses in between touch other objects only, so
 * this is a reordering the Java memory model already allows for the vanilla code's plain fields
 * (decision 0020).
 *
 * <p>Items and the table hold their mutable fields in place ({@link InPlaceObject}, decision 0058):
 * the plain variant reads them as fields and stores them between {@code beginStore} and {@code
 * endStore}; the APP variant's loads take a snapshot version, its stores write the version they
 * log.
 *
 * <p>The buckets are a {@link VersionedArray}: the plain variant reads and writes its slots like
 * array elements ({@code lvValue}, {@code soValue}); the APP and VAL variants go through {@code
 * loadSlot} and {@code storeSlot} with a {@link SlotVersion}.
 */
public final class KvMap implements Serializable {

  private static final long serialVersionUID = 1L;

  /** Fault sites of the APP variants, for detection tests. */
  public static final int SITE_GET_VALUE_BYTE = 1;

  public static final int SITE_SET_CAS = 2;
  public static final int SITE_SLOT = 3;

  /** Any fault here drops the link from a new item to the rest of its bucket. */
  public static final int SITE_NEW_LINK = 4;

  static final String OWNER = KvMap.class.getName();

  public static final ClosureBinding GET =
      new ClosureBinding(
          descriptor("get(java.lang.String)", "KvMap.get"),
          (log, r) -> r.returnRef(((KvMap) log.receiver()).getVal(r, (String) log.refArg(0))));
  public static final ClosureBinding SET =
      new ClosureBinding(
          descriptor("set(java.lang.String,byte[],int)", "KvMap.set"),
          (log, r) ->
              r.returnBits(
                  ((KvMap) log.receiver())
                          .setVal(
                              r,
                              (String) log.refArg(0),
                              (byte[]) log.refArg(1),
                              (int) log.bitsArg(0))
                      ? 1
                      : 0));
  public static final ClosureBinding DELETE =
      new ClosureBinding(
          descriptor("delete(java.lang.String)", "KvMap.delete"),
          (log, r) ->
              r.returnBits(((KvMap) log.receiver()).deleteVal(r, (String) log.refArg(0)) ? 1 : 0));

  /**
   * A closure-to-closure handoff, as memcached's get path hands an item from the lookup to the code
   * that builds the response: {@code find} returns the item handle to the control path, which
   * passes it to {@code valueOf}; the first load of the item there is a control-path checksum check
   * in all three variants ({@code ControlPath.verify} in place in the plain one, {@code
   * ControlPath.load} of the logged or replayed version in APP and VAL).
   */
  public static final ClosureBinding FIND =
      new ClosureBinding(
          descriptor("find(java.lang.String)", "KvMap.find"),
          (log, r) ->
              r.returnRef(
                  ((KvMap) log.receiver())
                      .findVal(
                          r,
                          (String) log.refArg(0),
                          ((KvMap) log.receiver()).slot((String) log.refArg(0)))));

  public static final ClosureBinding VALUE_OF =
      new ClosureBinding(
          descriptor("valueOf(dev.orthrus.testkit.KvMap.Item)", "KvMap.valueOf"),
          (log, r) -> r.returnRef(valueOfVal(r, (Item) log.refArg(0))));

  /** Sites of callers that did not say who they are (caller id 0). */
  public static final CallSite GET_ANY = GET.site(0);

  public static final CallSite SET_ANY = SET.site(0);
  public static final CallSite DELETE_ANY = DELETE.site(0);
  public static final CallSite FIND_ANY = FIND.site(0);
  public static final CallSite VALUE_OF_ANY = VALUE_OF.site(0);

  private static ClosureDescriptor descriptor(String method, String name) {
    String id = OWNER + "#" + method;
    return new ClosureDescriptor(
        id, ClosureDescriptor.keyOf(id), name, false, false, false, Comparison.EQUALS);
  }

  /**
   * One cached entry; the key is final and stays on the handle. The link to the next item of the
   * bucket is a reference to user data, so the handle holds it ({@link ValueSlots}, slot {@link
   * #NEXT}) and the versions carry value, flags and CAS only: a {@code set} replaces all three
   * without reading the version it replaces, and a walk along a bucket reads no version.
   */
  public static final class Item extends InPlaceObject<Item.V> implements ValueSlots<Item> {
    private static final long serialVersionUID = 1L;

    /** The held field {@code next}. */
    public static final int NEXT = 0;

    final String key;

    // Read with an acquire and written with a release, through fences as generated code does
    // (decision 0062). A reproducer file leaves it out (it carries logged slot versions, never the
    // live chain: decision 0085).
    private Item next;

    // The mutable fields, in place (InPlaceObject), as the rewriter leaves them: declared as
    // written.
    private byte[] value;
    private int flags;
    private long cas;

    Item(String key, byte[] value, int flags, long cas, Item next) {
      this.key = key;
      this.next = next;
      this.value = value;
      this.flags = flags;
      this.cas = cas;
      firstStore();
    }

    /** The value (plain variant; public for benchmarks). */
    public byte[] plainValue() {
      refusePlainRead();
      return value;
    }

    /** Stores every mutable field (plain variant; public for benchmarks). */
    public void storePlain(byte[] value, int flags, long cas) {
      refusePlainStore();
      int token = beginStore();
      this.value = value;
      this.flags = flags;
      this.cas = cas;
      try {
        endStore(token, V.checksumOf(value, flags, cas));
      } catch (Throwable e) {
        this.sequence$ = ABANDONED; // as generated stores give up one an error cut short
        throw e;
      }
    }

    @Override
    protected V snapshotFields(int checksum) {
      return new V(this, value, flags, cas, checksum);
    }

    @Override
    protected void writeFields(V next) {
      this.value = next.value;
      this.flags = next.flags;
      this.cas = next.cas;
    }

    @Override
    protected int checksumFields() {
      return V.checksumOf(value, flags, cas);
    }

    @Override
    public int slotCount() {
      return 1;
    }

    @Override
    public Item lvValue(int i) {
      refusePlainRead();
      checkSlot(i);
      Item value = next;
      VarHandle.acquireFence();
      return value;
    }

    @Override
    public void soValue(int i, Item value) {
      refusePlainStore();
      checkSlot(i);
      VarHandle.releaseFence();
      next = value;
    }

    /** The mutable fields of an item (public for benchmarks and tests that time or corrupt it). */
    public static final class V extends Version {
      private static final long serialVersionUID = 1L;
      public final byte[] value;
      public final int flags;
      public final long cas;

      public V(Item owner, byte[] value, int flags, long cas) {
        this(owner, value, flags, cas, checksumOf(value, flags, cas));
      }

      V(Item owner, byte[] value, int flags, long cas, int checksum) {
        super(owner);
        this.value = value;
        this.flags = flags;
        this.cas = cas;
        seal(checksum);
      }

      static int checksumOf(byte[] value, int flags, long cas) {
        return Checksum.bits(Checksum.bits(Checksum.ref(Checksum.SEED, value), flags), cas);
      }

      @Override
      public void fields(FieldSink sink) {
        sink.ref(value);
        sink.bits(flags);
        sink.bits(cas);
      }
    }
  }

  /** The table: its bucket array is final (per-slot versions), size and CAS counter versioned. */
  public static final class Table extends InPlaceObject<Table.V> {
    private static final long serialVersionUID = 1L;
    final VersionedArray<Item> buckets;

    // The mutable fields, in place (InPlaceObject).
    private int size;
    private long nextCas;

    Table(int capacity) {
      this.buckets = new VersionedArray<>(capacity);
      firstStore();
    }

    public int plainSize() {
      refusePlainRead();
      return size;
    }

    public long plainNextCas() {
      refusePlainRead();
      return nextCas;
    }

    /** Stores every mutable field (plain variant; public for benchmarks). */
    public void storePlain(int size, long nextCas) {
      refusePlainStore();
      int token = beginStore();
      this.size = size;
      this.nextCas = nextCas;
      try {
        endStore(token, V.checksumOf(size, nextCas));
      } catch (Throwable e) {
        this.sequence$ = ABANDONED;
        throw e;
      }
    }

    @Override
    protected V snapshotFields(int checksum) {
      return new V(this, size, nextCas, checksum);
    }

    @Override
    protected void writeFields(V next) {
      this.size = next.size;
      this.nextCas = next.nextCas;
    }

    @Override
    protected int checksumFields() {
      return V.checksumOf(size, nextCas);
    }

    /** The mutable fields of the table (public for benchmarks that time a store of it). */
    public static final class V extends Version {
      private static final long serialVersionUID = 1L;
      public final int size;
      public final long nextCas;

      public V(Table owner, int size, long nextCas) {
        this(owner, size, nextCas, checksumOf(size, nextCas));
      }

      V(Table owner, int size, long nextCas, int checksum) {
        super(owner);
        this.size = size;
        this.nextCas = nextCas;
        seal(checksum);
      }

      static int checksumOf(int size, long nextCas) {
        return Checksum.bits(Checksum.bits(Checksum.SEED, size), nextCas);
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(size);
        sink.bits(nextCas);
      }
    }
  }

  private final transient ClosureRuntime rt;
  private final Table table;

  public KvMap(ClosureRuntime rt, int capacity) {
    if (Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
    }
    this.rt = rt;
    this.table = new Table(capacity);
  }

  // ---- dispatchers ----

  public byte[] get(String key) {
    return get(key, GET_ANY);
  }

  public byte[] get(String key, CallSite site) {
    ClosureLog log = rt.begin(site);
    if (log == null) {
      return getPlain(key);
    }
    return getLogged(log, key);
  }

  private byte[] getLogged(ClosureLog log, String key) {
    log.receiver(this);
    log.argRef(key);
    byte[] result;
    try {
      result = getApp(log, key);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnRef(result);
    rt.publish(log);
    return result;
  }

  public boolean set(String key, byte[] value, int flags) {
    return set(key, value, flags, SET_ANY);
  }

  public boolean set(String key, byte[] value, int flags, CallSite site) {
    ClosureLog log = rt.begin(site);
    if (log == null) {
      return setPlain(key, value, flags);
    }
    return setLogged(log, key, value, flags);
  }

  private boolean setLogged(ClosureLog log, String key, byte[] value, int flags) {
    log.receiver(this);
    log.argRef(key);
    log.argRef(value);
    log.argBits(flags);
    boolean result;
    try {
      result = setApp(log, key, value, flags);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(result ? 1 : 0);
    rt.publish(log);
    return result;
  }

  public boolean delete(String key) {
    return delete(key, DELETE_ANY);
  }

  public boolean delete(String key, CallSite site) {
    ClosureLog log = rt.begin(site);
    if (log == null) {
      return deletePlain(key);
    }
    return deleteLogged(log, key);
  }

  private boolean deleteLogged(ClosureLog log, String key) {
    log.receiver(this);
    log.argRef(key);
    boolean result;
    try {
      result = deleteApp(log, key);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(result ? 1 : 0);
    rt.publish(log);
    return result;
  }

  /** The item stored under {@code key}, or null; the handle goes to the control path. */
  public Item find(String key) {
    ClosureLog log = rt.begin(FIND_ANY);
    if (log == null) {
      return findPlain(key);
    }
    return findLogged(log, key);
  }

  private Item findLogged(ClosureLog log, String key) {
    log.receiver(this);
    log.argRef(key);
    Item result;
    try {
      result = findApp(log, key, slot(key));
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnRef(result);
    rt.publish(log);
    return result;
  }

  /**
   * A copy of the value of an item the control path got from {@link #find}. A corrupted item is
   * reported as a detection and the {@link ChecksumMismatchException} is rethrown.
   */
  public byte[] valueOf(Item item) {
    ClosureLog log = rt.begin(VALUE_OF_ANY);
    try {
      if (log == null) {
        return valueOfPlain(item);
      }
      return valueOfLogged(log, item);
    } catch (ChecksumMismatchException e) {
      throw rt.corrupted(VALUE_OF_ANY, e);
    }
  }

  private byte[] valueOfLogged(ClosureLog log, Item item) {
    log.receiver(this);
    log.argRef(item);
    byte[] result;
    try {
      result = valueOfApp(log, item);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnRef(result);
    rt.publish(log);
    return result;
  }

  private int slot(String key) {
    int h = key.hashCode();
    return (h ^ (h >>> 16)) & (table.buckets.length() - 1);
  }

  // ---- plain variant: versioned memory, nothing logged ----

  private Item findPlain(String key) {
    for (Item it = table.buckets.lvValue(slot(key)); it != null; it = it.lvValue(Item.NEXT)) {
      if (it.key.equals(key)) {
        return it;
      }
    }
    return null;
  }

  byte[] getPlain(String key) {
    Item it = findPlain(key);
    if (it == null) {
      return null;
    }
    byte[] value = it.plainValue();
    return Arrays.copyOf(value, value.length);
  }

  boolean setPlain(String key, byte[] value, int flags) {
    int size = table.plainSize();
    long cas = table.plainNextCas() + 1;
    Item it = findPlain(key);
    if (it != null) {
      table.storePlain(size, cas);
      it.storePlain(value.clone(), flags, cas);
      return false;
    }
    int slot = slot(key);
    VersionedArray<Item> buckets = table.buckets;
    Item head = buckets.lvValue(slot);
    buckets.soValue(slot, new Item(key, value.clone(), flags, cas, head));
    table.storePlain(size + 1, cas);
    return true;
  }

  boolean deletePlain(String key) {
    int slot = slot(key);
    VersionedArray<Item> buckets = table.buckets;
    Item previous = null;
    for (Item it = buckets.lvValue(slot); it != null; ) {
      Item next = it.lvValue(Item.NEXT);
      if (it.key.equals(key)) {
        if (previous == null) {
          buckets.soValue(slot, next);
        } else {
          previous.soValue(Item.NEXT, next);
        }
        table.storePlain(table.plainSize() - 1, table.plainNextCas());
        return true;
      }
      previous = it;
      it = next;
    }
    return false;
  }

  static byte[] valueOfPlain(Item item) {
    ControlPath.verify(item);
    byte[] value = item.plainValue();
    return Arrays.copyOf(value, value.length);
  }

  // ---- APP variant: the same code, every access logged ----

  private Item findApp(ClosureLog log, String key, int slot) {
    for (Item it = log.loadSlot(table.buckets, slot).value(); it != null; ) {
      if (it.key.equals(key)) {
        return it;
      }
      it = log.loadSlot(it, Item.NEXT).value();
    }
    return null;
  }

  byte[] getApp(ClosureLog log, String key) {
    Item it = findApp(log, key, FaultHook.bits(SITE_SLOT, slot(key)));
    if (it == null) {
      return null;
    }
    byte[] value = log.load(it).value;
    byte[] copy = Arrays.copyOf(value, value.length);
    if (copy.length > 0) {
      copy[0] = (byte) FaultHook.bits(SITE_GET_VALUE_BYTE, copy[0]);
    }
    return copy;
  }

  boolean setApp(ClosureLog log, String key, byte[] value, int flags) {
    Table.V tv = log.load(table);
    long cas = FaultHook.bits(SITE_SET_CAS, tv.nextCas + 1);
    int slot = slot(key);
    Item it = findApp(log, key, slot);
    if (it != null) {
      log.store(table, new Table.V(table, tv.size, cas));
      log.store(it, new Item.V(it, value.clone(), flags, cas));
      return false;
    }
    VersionedArray<Item> buckets = table.buckets;
    Item head = log.loadSlot(buckets, slot).value();
    if (FaultHook.bits(SITE_NEW_LINK, 0) != 0) {
      head = null;
    }
    Item created = log.allocate(new Item(key, value.clone(), flags, cas, head));
    log.storeSlot(buckets, new SlotVersion<>(buckets, slot, created));
    log.store(table, new Table.V(table, tv.size + 1, cas));
    return true;
  }

  boolean deleteApp(ClosureLog log, String key) {
    int slot = slot(key);
    VersionedArray<Item> buckets = table.buckets;
    Item previous = null;
    for (Item it = log.loadSlot(buckets, slot).value(); it != null; ) {
      Item next = log.loadSlot(it, Item.NEXT).value();
      if (it.key.equals(key)) {
        // The log keeps the unlinked item, and so its value, alive: accounting only, not a load.
        log.retain(it.plainValue().length);
        if (previous == null) {
          log.storeSlot(buckets, new SlotVersion<>(buckets, slot, next));
        } else {
          log.storeSlot(previous, new SlotVersion<>(previous, Item.NEXT, next));
        }
        Table.V tv = log.load(table);
        log.store(table, new Table.V(table, tv.size - 1, tv.nextCas));
        return true;
      }
      previous = it;
      it = next;
    }
    return false;
  }

  static byte[] valueOfApp(ClosureLog log, Item item) {
    byte[] value = ControlPath.load(log, item).value;
    return Arrays.copyOf(value, value.length);
  }

  // ---- VAL variant: loads from the log, stores and allocations private ----

  private Item findVal(Replay r, String key, int slot) {
    for (Item it = r.loadSlot(table.buckets, slot).value(); it != null; ) {
      if (it.key.equals(key)) {
        return it;
      }
      it = r.loadSlot(it, Item.NEXT).value();
    }
    return null;
  }

  byte[] getVal(Replay r, String key) {
    Item it = findVal(r, key, slot(key));
    if (it == null) {
      return null;
    }
    byte[] value = r.load(it).value;
    return Arrays.copyOf(value, value.length);
  }

  boolean setVal(Replay r, String key, byte[] value, int flags) {
    Table.V tv = r.load(table);
    long cas = tv.nextCas + 1;
    int slot = slot(key);
    Item it = findVal(r, key, slot);
    if (it != null) {
      r.store(table, new Table.V(table, tv.size, cas));
      r.store(it, new Item.V(it, value.clone(), flags, cas));
      return false;
    }
    VersionedArray<Item> buckets = table.buckets;
    Item head = r.loadSlot(buckets, slot).value();
    Item created = r.allocate(new Item(key, value.clone(), flags, cas, head));
    r.storeSlot(buckets, new SlotVersion<>(buckets, slot, created));
    r.store(table, new Table.V(table, tv.size + 1, cas));
    return true;
  }

  boolean deleteVal(Replay r, String key) {
    int slot = slot(key);
    VersionedArray<Item> buckets = table.buckets;
    Item previous = null;
    for (Item it = r.loadSlot(buckets, slot).value(); it != null; ) {
      Item next = r.loadSlot(it, Item.NEXT).value();
      if (it.key.equals(key)) {
        if (previous == null) {
          r.storeSlot(buckets, new SlotVersion<>(buckets, slot, next));
        } else {
          r.storeSlot(previous, new SlotVersion<>(previous, Item.NEXT, next));
        }
        Table.V tv = r.load(table);
        r.store(table, new Table.V(table, tv.size - 1, tv.nextCas));
        return true;
      }
      previous = it;
      it = next;
    }
    return false;
  }

  static byte[] valueOfVal(Replay r, Item item) {
    byte[] value = ControlPath.load(r, item).value;
    return Arrays.copyOf(value, value.length);
  }

  /** The runtime this map's closures run under. */
  public ClosureRuntime runtime() {
    return rt;
  }

  /** The number of items (control path, unvalidated). */
  public int size() {
    return table.plainSize();
  }

  /** The item handle for {@code key}, for control-path checksum checks; null if absent. */
  public VersionedObject<?> itemHandle(String key) {
    return findPlain(key);
  }
}
