package dev.orthrus.benchmarks.jmh;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Checksum;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedArray;
import dev.orthrus.testkit.KvMap;
import dev.orthrus.testkit.VanillaKvMap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Where the cost of versioned memory goes: the runtime benchmark's hash map ({@code bench runtime}:
 * 10,000 keys, 64-byte values) as vanilla code and as versioned code with the runtime disabled,
 * whole operations first, then each part of them against its vanilla counterpart. Every benchmark
 * touches the objects of one key drawn from a fixed random sequence, so the parts pay the cache
 * misses the whole operations pay. Run with {@code java -jar
 * orthrus-benchmarks/target/benchmarks.jar VersionedMemory -f 2 -wi 3 -i 5}.
 *
 * <p>The map's items and table hold their fields in place (decision 0058): {@code loadInPlace} and
 * {@code storeInPlace} are what the plain variant does, {@code loadSnapshot} and {@code
 * storeVersion} what a logged load and a logged store add. {@code checksumFold64B} measures an
 * alternative checksum written here; decision 0020 weighs it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class VersionedMemoryBenchmark {

  private static final int KEYS = 10_000;
  private static final int ORDER = 1 << 16;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** An item version's layout with a constant checksum, for {@link #newVersionNoChecksum}. */
  static final class UncheckedItemVersion extends Version {
    private static final long serialVersionUID = 1L;
    final byte[] value;
    final int flags;
    final long cas;

    UncheckedItemVersion(KvMap.Item owner, byte[] value, int flags, long cas) {
      super(owner);
      this.value = value;
      this.flags = flags;
      this.cas = cas;
      seal(0);
    }

    @Override
    public void fields(FieldSink sink) {
      sink.ref(value);
      sink.bits(flags);
      sink.bits(cas);
    }
  }

  private OrthrusRuntime rt;
  private KvMap map;
  private VanillaKvMap vanilla;
  private String[] keys;
  private byte[][] values;
  private int[] order;

  /** Which operations of {@link #order} the mix benchmarks run as sets (10%). */
  private boolean[] sets;

  private int cursor;

  private KvMap.Item[] items;
  private VanillaKvMap.Item[] plainItems;
  private int[] slots;
  private VanillaKvMap.Item[] plainBuckets;
  private KvMap.Table table;
  private VersionedArray<KvMap.Item> buckets;
  private long plainNextCas;
  private byte[] value64;

  @Setup(Level.Trial)
  @SuppressWarnings("unchecked")
  public void fill() throws ReflectiveOperationException {
    rt = new OrthrusRuntime(RuntimeConfig.builder().validators(0).err(null).build());
    rt.enabled(false);
    int capacity = Integer.highestOneBit(KEYS) * 2; // as in bench runtime
    map = new KvMap(rt, capacity);
    vanilla = new VanillaKvMap(capacity);
    keys = new String[KEYS];
    values = new byte[64][];
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < values.length; i++) {
      values[i] = new byte[64];
      random.nextBytes(values[i]);
    }
    for (int i = 0; i < KEYS; i++) {
      keys[i] = "key:" + i;
      map.set(keys[i], values[i % values.length], 0);
      vanilla.set(keys[i], values[i % values.length], 0);
    }
    items = new KvMap.Item[KEYS];
    plainItems = new VanillaKvMap.Item[KEYS];
    slots = new int[KEYS];
    for (int i = 0; i < KEYS; i++) {
      items[i] = map.find(keys[i]);
      plainItems[i] = vanilla.find(keys[i]);
      int h = keys[i].hashCode();
      slots[i] = (h ^ (h >>> 16)) & (capacity - 1);
    }
    table = (KvMap.Table) field(KvMap.class, "table").get(map);
    buckets = (VersionedArray<KvMap.Item>) field(KvMap.Table.class, "buckets").get(table);
    plainBuckets = (VanillaKvMap.Item[]) field(VanillaKvMap.class, "buckets").get(vanilla);
    order = new int[ORDER];
    for (int i = 0; i < ORDER; i++) {
      order[i] = random.nextInt(KEYS);
    }
    sets = new boolean[ORDER];
    for (int i = 0; i < ORDER; i++) {
      sets[i] = random.nextInt(100) < 10;
    }
    value64 = values[0];
  }

  /** A private field of the maps, read once to benchmark the real structures. */
  private static Field field(Class<?> owner, String name) throws NoSuchFieldException {
    Field f = owner.getDeclaredField(name);
    f.setAccessible(true);
    return f;
  }

  @TearDown(Level.Trial)
  public void stop() {
    rt.close();
  }

  private int next() {
    return order[cursor++ & (ORDER - 1)];
  }

  // ---- whole operations of the bench's mix ----

  @Benchmark
  public byte[] getVanilla() {
    return vanilla.get(keys[next()]);
  }

  @Benchmark
  public byte[] getVersioned() {
    return map.get(keys[next()]);
  }

  @Benchmark
  public boolean setVanilla() {
    int k = next();
    return vanilla.set(keys[k], values[k & 63], 0);
  }

  @Benchmark
  public boolean setVersioned() {
    int k = next();
    return map.set(keys[k], values[k & 63], 0);
  }

  /** The bench's mix: 90% gets, 10% sets of one key from the sequence, as {@code bench runtime}. */
  @Benchmark
  public int mixVanilla() {
    int i = cursor++ & (ORDER - 1);
    int k = order[i];
    if (!sets[i]) {
      return vanilla.get(keys[k]).length;
    }
    return vanilla.set(keys[k], values[i & 63], 0) ? 1 : 0;
  }

  @Benchmark
  public int mixVersioned() {
    int i = cursor++ & (ORDER - 1);
    int k = order[i];
    if (!sets[i]) {
      return map.get(keys[k]).length;
    }
    return map.set(keys[k], values[i & 63], 0) ? 1 : 0;
  }

  // ---- a load of one field: a plain field, the field in place, or a snapshot version ----

  @Benchmark
  public int loadField() {
    return plainItems[next()].value.length;
  }

  /** The plain variant's read of a field in place (decision 0058). */
  @Benchmark
  public int loadInPlace() {
    return items[next()].plainValue().length;
  }

  /** What a logged load takes: a snapshot of the fields, consistent by the sequence word. */
  @Benchmark
  public int loadSnapshot() {
    return items[next()].lvVersion().value.length;
  }

  // ---- a bucket read: an array element, or a slot of a versioned array ----

  @Benchmark
  public VanillaKvMap.Item bucketVanilla() {
    return plainBuckets[slots[next()]];
  }

  /** The slot holds the item handle itself (decision 0020), read with acquire. */
  @Benchmark
  public KvMap.Item bucketVersioned() {
    return buckets.lvValue(slots[next()]);
  }

  // ---- a store of value, flags and CAS: field writes, or a new version ----

  @Benchmark
  public VanillaKvMap.Item storeFields() {
    int k = next();
    VanillaKvMap.Item it = plainItems[k];
    it.value = value64;
    it.flags = k;
    it.cas = k;
    return it;
  }

  /** A new version: allocation and the checksum of its fields, not stored. */
  @Benchmark
  public KvMap.Item.V newVersion() {
    int k = next();
    return new KvMap.Item.V(items[k], value64, k, k);
  }

  /** The same allocation with no checksum: what the checksum adds to a store. */
  @Benchmark
  public Version newVersionNoChecksum() {
    int k = next();
    return new UncheckedItemVersion(items[k], value64, k, k);
  }

  /** The plain variant's store in place: the fields and their checksum under the sequence word. */
  @Benchmark
  public KvMap.Item storeInPlace() {
    int k = next();
    KvMap.Item it = items[k];
    it.storePlain(value64, k, k);
    return it;
  }

  /** A logged store: a new version (allocation, checksum), its fields written in place. */
  @Benchmark
  public KvMap.Item.V storeVersion() {
    int k = next();
    KvMap.Item it = items[k];
    KvMap.Item.V nv = new KvMap.Item.V(it, value64, k, k);
    it.soVersion(nv);
    return nv;
  }

  // ---- the per-set counter: a field increment, or a new version of the table ----

  @Benchmark
  public long counterField() {
    return ++plainNextCas;
  }

  @Benchmark
  public long counterInPlace() {
    long next = table.plainNextCas() + 1;
    table.storePlain(table.plainSize(), next);
    return next;
  }

  // ---- checksums of a 64-byte value and of a whole item version ----

  @Benchmark
  public int checksumCrc32c64B() {
    return Checksum.ref(Checksum.SEED, value64);
  }

  /** An alternative for small arrays: a multiply-xor fold over 8-byte words. */
  @Benchmark
  public int checksumFold64B() {
    byte[] b = value64;
    int h = Checksum.SEED;
    int i = 0;
    for (; i + 8 <= b.length; i += 8) {
      long x = (long) LONGS.get(b, i);
      h = (h ^ (int) (x ^ (x >>> 32))) * 0x9E3779B1;
    }
    for (; i < b.length; i++) {
      h = (h ^ b[i]) * 0x9E3779B1;
    }
    return Checksum.bits(h, b.length);
  }

  /** What a control-path check computes: the visitor over an item version's fields. */
  @Benchmark
  public int checksumVisitor() {
    return Checksum.of(items[next()].lvVersion());
  }

  @Benchmark
  public byte[] clone64B() {
    return value64.clone();
  }
}
