package dev.orthrus.model.jdk;

import static dev.orthrus.model.jdk.JdkApi.of;
import static dev.orthrus.model.jdk.JdkCategory.ARRAY_WRITE;
import static dev.orthrus.model.jdk.JdkCategory.ASYNC_FUTURE;
import static dev.orthrus.model.jdk.JdkCategory.CLOCK;
import static dev.orthrus.model.jdk.JdkCategory.ENVIRONMENT;
import static dev.orthrus.model.jdk.JdkCategory.EXECUTOR;
import static dev.orthrus.model.jdk.JdkCategory.FLOATING_POINT;
import static dev.orthrus.model.jdk.JdkCategory.HASH_ORDER;
import static dev.orthrus.model.jdk.JdkCategory.IDENTITY_HASH;
import static dev.orthrus.model.jdk.JdkCategory.IO;
import static dev.orthrus.model.jdk.JdkCategory.LOCK;
import static dev.orthrus.model.jdk.JdkCategory.MATH_INTRINSIC;
import static dev.orthrus.model.jdk.JdkCategory.MONITOR;
import static dev.orthrus.model.jdk.JdkCategory.MUTABLE_COLLECTOR;
import static dev.orthrus.model.jdk.JdkCategory.MUTABLE_VIEW;
import static dev.orthrus.model.jdk.JdkCategory.MUTATION;
import static dev.orthrus.model.jdk.JdkCategory.NAN_BITS;
import static dev.orthrus.model.jdk.JdkCategory.PARALLEL_STREAM;
import static dev.orthrus.model.jdk.JdkCategory.RANDOM;
import static dev.orthrus.model.jdk.JdkCategory.THREAD;
import static dev.orthrus.model.jdk.JdkCategory.VECTOR;

import dev.orthrus.model.Tag;
import dev.orthrus.model.jdk.JdkCall.Fact;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Everything Orthrus knows about JDK methods and types, in one table that the processor and the
 * bytecode analysis both read (each answers {@link JdkCall} from its own view of the code). A call
 * may match several entries: at most one rule finding (the first standalone entry), any number of
 * tags, an array write.
 */
public final class JdkApis {

  private static final String[] EXECUTOR_METHODS = {
    "execute",
    "submit",
    "invokeAll",
    "invokeAny",
    "schedule",
    "scheduleAtFixedRate",
    "scheduleWithFixedDelay",
    "invoke"
  };

  private static final String[] STREAMS = {
    "java.io.InputStream",
    "java.io.OutputStream",
    "java.io.Reader",
    "java.io.Writer",
    "java.io.File",
    "java.io.RandomAccessFile",
    "java.io.Console"
  };

  /** In-memory streams: reading and writing them is computation, not I/O. */
  private static final String[] IN_MEMORY_IO = {
    "java.io.ByteArrayInputStream", "java.io.ByteArrayOutputStream", "java.io.StringReader",
    "java.io.StringWriter", "java.io.CharArrayReader", "java.io.CharArrayWriter"
  };

  /**
   * An in-memory stream ({@code ByteArrayOutputStream}, {@code StringWriter}, ...): reading and
   * writing it is computation, not I/O.
   *
   * @param isA whether the type is the given class or a subtype of it
   */
  public static boolean isInMemoryStream(Predicate<String> isA) {
    for (String type : IN_MEMORY_IO) {
      if (isA.test(type)) {
        return true;
      }
    }
    return false;
  }

  /** Persistent collections: their "mutators" return a new collection (or throw). */
  public static final String PERSISTENT_PACKAGE = "org.pcollections.";

  private static final String[] PERSISTENT = {
    "org.pcollections.PCollection", "org.pcollections.PMap"
  };

  private static final String[] COLLECTION_MUTATORS = {
    "add",
    "addAll",
    "addFirst",
    "addLast",
    "clear",
    "compute",
    "computeIfAbsent",
    "computeIfPresent",
    "drainTo",
    "ensureCapacity",
    "merge",
    "offer",
    "offerFirst",
    "offerLast",
    "poll",
    "pollFirst",
    "pollFirstEntry",
    "pollLast",
    "pollLastEntry",
    "pop",
    "push",
    "put",
    "putAll",
    "putFirst",
    "putIfAbsent",
    "putLast",
    "remove",
    "removeAll",
    "removeFirst",
    "removeFirstOccurrence",
    "removeIf",
    "removeLast",
    "removeLastOccurrence",
    "replace",
    "replaceAll",
    "retainAll",
    "set",
    "sort",
    "take",
    "transfer",
    "trimToSize"
  };

  private static final String[] TEXT_MUTATORS = {
    "append",
    "appendCodePoint",
    "insert",
    "delete",
    "deleteCharAt",
    "replace",
    "reverse",
    "setCharAt",
    "setLength",
    "trimToSize",
    "ensureCapacity"
  };

  /**
   * {@link JdkApi#argument()} of an entry for the array its receiver is over ({@code
   * ByteBuffer.wrap(a).putLong(0, v)} writes {@code a}).
   */
  public static final int RECEIVER = -2;

  private static final List<JdkApi> TABLE =
      List.of(
          // Threads and asynchronous execution: the closure log would miss what the other thread
          // does.
          of(THREAD, "java.lang.Thread")
              .instances("start")
              .arity(0)
              .example("new Thread().start();"),
          of(THREAD, "java.lang.Thread")
              .statics("startVirtualThread")
              .since(21)
              .example("Thread.startVirtualThread(() -> { });"),
          of(THREAD, "java.lang.Thread$Builder")
              .instances("start")
              .since(21)
              .example("Thread.ofVirtual().start(() -> { });"),
          of(EXECUTOR, "java.util.concurrent.Executor")
              .instances(EXECUTOR_METHODS)
              .example("java.util.concurrent.ForkJoinPool.commonPool().execute(() -> { });"),
          of(EXECUTOR, "java.util.Timer")
              .instances(EXECUTOR_METHODS)
              .example(
                  "new java.util.Timer().schedule(new java.util.TimerTask() { public void run() { } }, 1L);"),
          of(EXECUTOR, "java.util.concurrent.ForkJoinTask")
              .instances("fork")
              .example(
                  "new java.util.concurrent.RecursiveAction() { protected void compute() { } }.fork();"),
          of(PARALLEL_STREAM, "java.util.Collection")
              .instances("parallelStream")
              .example("java.util.List.of(1).parallelStream().count();"),
          of(PARALLEL_STREAM, "java.util.stream.BaseStream")
              .instances("parallel")
              .example("java.util.stream.IntStream.range(0, 2).parallel().sum();"),
          of(PARALLEL_STREAM, "java.util.Arrays")
              .statics("parallelSetAll", "parallelSort", "parallelPrefix")
              .example("java.util.Arrays.parallelSort(new int[] {2, 1});"),
          // A ConcurrentHashMap's bulk operations take a parallelism threshold first and run in
          // the common pool above it (Map's forEach(action) alone is sequential).
          of(PARALLEL_STREAM, "java.util.concurrent.ConcurrentHashMap")
              .instances("reduce*", "search*")
              .example(
                  "new java.util.concurrent.ConcurrentHashMap<String, Long>().reduceValuesToLong(1L, v -> v, 0L, Long::sum);"),
          of(PARALLEL_STREAM, "java.util.concurrent.ConcurrentHashMap")
              .instances("forEach", "forEachKey", "forEachValue", "forEachEntry")
              .arity(2)
              .example(
                  "new java.util.concurrent.ConcurrentHashMap<String, Long>().forEach(1L, (k, v) -> { });"),
          of(PARALLEL_STREAM, "java.util.concurrent.ConcurrentHashMap")
              .instances("forEach", "forEachKey", "forEachValue", "forEachEntry")
              .arity(3)
              .example(
                  "new java.util.concurrent.ConcurrentHashMap<String, Long>().forEachValue(1L, v -> v, v -> { });"),
          // A gatherer that maps on virtual threads (Java 24).
          of(PARALLEL_STREAM, "java.util.stream.Gatherers")
              .statics("mapConcurrent")
              .since(24)
              .example("java.util.stream.Gatherers.mapConcurrent(2, x -> x);"),
          of(ASYNC_FUTURE, "java.util.concurrent.CompletionStage")
              .statics("*Async")
              .example("java.util.concurrent.CompletableFuture.runAsync(() -> { });"),
          of(ASYNC_FUTURE, "java.util.concurrent.CompletionStage")
              .instances("*Async")
              .example(
                  "java.util.concurrent.CompletableFuture.completedFuture(1).thenApplyAsync(x -> x);"),

          // I/O: side effects outside the process, which a validator would repeat.
          of(IO, "java.nio.file.Files")
              .any()
              .example("java.nio.file.Files.exists(java.nio.file.Path.of(\"x\"));"),
          of(IO, "java.nio.channels.").any().example("java.nio.channels.Pipe.open();"),
          of(IO, "java.net.")
              .any()
              .exceptTypes("java.net.URI", "java.net.URLEncoder", "java.net.URLDecoder")
              .example("java.net.InetAddress.getLoopbackAddress();"),
          of(IO, "java.lang.ProcessBuilder").any().example("new ProcessBuilder(\"true\");"),
          of(IO, "java.lang.Runtime")
              .instances(
                  "exec",
                  "exit",
                  "halt",
                  "gc",
                  "runFinalization",
                  "load",
                  "loadLibrary",
                  "addShutdownHook",
                  "removeShutdownHook")
              .example("Runtime.getRuntime().gc();"),
          of(IO, "java.util.logging.Logger")
              .any()
              .example("java.util.logging.Logger.getGlobal().info(\"x\");"),
          of(IO, "java.lang.System$Logger")
              .instances("*")
              .example("System.getLogger(\"x\").log(System.Logger.Level.INFO, \"x\");"),
          of(IO, "java.lang.System").statics("console").example("System.console();"),
          // A stream made in the method is decided where it is made: over an in-memory stream
          // (new DataOutputStream(bytes)) it does no I/O.
          of(IO, STREAMS[0])
              .constructors()
              .declaredIn("java.io.")
              .exceptTypes(IN_MEMORY_IO)
              .unless(Fact.IN_MEMORY_ARGUMENT)
              .example("new java.io.FileInputStream(\"x\").close();"),
          of(IO, STREAMS[0])
              .instances("*")
              .declaredIn("java.io.")
              .exceptTypes(IN_MEMORY_IO)
              .unless(Fact.FRESH_RECEIVER)
              .example("System.in.read();"),
          of(IO, STREAMS[1])
              .constructors()
              .declaredIn("java.io.")
              .exceptTypes(IN_MEMORY_IO)
              .unless(Fact.IN_MEMORY_ARGUMENT)
              .example("new java.io.FileOutputStream(\"x\").close();"),
          of(IO, STREAMS[1])
              .instances("*")
              .declaredIn("java.io.")
              .exceptTypes(IN_MEMORY_IO)
              .unless(Fact.FRESH_RECEIVER)
              .example("System.out.flush();"),
          of(IO, STREAMS[2])
              .constructors()
              .declaredIn("java.io.")
              .exceptTypes(IN_MEMORY_IO)
              .unless(Fact.IN_MEMORY_ARGUMENT)
              .example("new java.io.FileReader(\"x\").close();"),
          of(IO, STREAMS[2])
              .instances("*")
              .declaredIn("java.io.")
              .exceptTypes(IN_MEMORY_IO)
              .unless(Fact.FRESH_RECEIVER)
              .example("java.io.Reader.nullReader().read();"),
          of(IO, STREAMS[3])
              .constructors()
              .declaredIn("java.io.")
              .exceptTypes(IN_MEMORY_IO)
              .unless(Fact.IN_MEMORY_ARGUMENT)
              .example("new java.io.FileWriter(\"x\").close();"),
          of(IO, STREAMS[3])
              .instances("*")
              .declaredIn("java.io.")
              .exceptTypes(IN_MEMORY_IO)
              .unless(Fact.FRESH_RECEIVER)
              .example("java.io.Writer.nullWriter().flush();"),
          of(IO, STREAMS[4])
              .any()
              .declaredIn("java.io.")
              .example("new java.io.File(\"x\").exists();"),
          of(IO, STREAMS[5])
              .instancesAndConstructors()
              .declaredIn("java.io.")
              .example("new java.io.RandomAccessFile(\"x\", \"r\").close();"),
          of(IO, STREAMS[6])
              .instances("*")
              .declaredIn("java.io.")
              .example("System.console().flush();"),

          // Locks: the validator replays the order the application saw instead of locking.
          of(LOCK, "java.util.concurrent.locks.Lock")
              .instances("*")
              .example("new java.util.concurrent.locks.ReentrantLock().lock();"),
          of(LOCK, "java.util.concurrent.locks.ReadWriteLock")
              .instances("*")
              .example("new java.util.concurrent.locks.ReentrantReadWriteLock().readLock();"),
          of(LOCK, "java.util.concurrent.locks.StampedLock")
              .instances("*")
              .example("new java.util.concurrent.locks.StampedLock().tryOptimisticRead();"),
          of(LOCK, "java.util.concurrent.locks.Condition")
              .instances("*")
              .example("new java.util.concurrent.locks.ReentrantLock().newCondition().signal();"),
          of(LOCK, "java.util.concurrent.Semaphore")
              .instances("*")
              .example("new java.util.concurrent.Semaphore(1).release();"),
          of(MONITOR, "java.lang.Object")
              .instances("wait", "notify", "notifyAll")
              .example("new Object().notify();"),

          // Clocks, randomness, identity hash codes, the environment: recorded and replayed. Hash
          // order cannot be (an error).
          of(CLOCK, "java.lang.System")
              .statics("currentTimeMillis", "nanoTime")
              .example("System.nanoTime();"),
          of(CLOCK, "java.time.").statics("now").example("java.time.Instant.now();"),
          of(CLOCK, "java.time.Clock")
              .instances("*")
              .example("java.time.Clock.systemUTC().millis();"),
          // Java 17's clock interface, which Clock implements.
          of(CLOCK, "java.time.InstantSource")
              .instances("instant", "millis")
              .example("java.time.InstantSource.system().millis();"),
          of(CLOCK, "java.lang.management.RuntimeMXBean")
              .instances("getUptime", "getStartTime")
              .example("java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();"),
          of(CLOCK, "java.util.Date").constructors().arity(0).example("new java.util.Date();"),
          of(CLOCK, "java.util.Calendar")
              .statics("getInstance")
              .example("java.util.Calendar.getInstance();"),
          of(CLOCK, "java.util.GregorianCalendar")
              .constructors()
              .arity(0)
              .example("new java.util.GregorianCalendar();"),
          of(RANDOM, "java.lang.Math").statics("random").example("Math.random();"),
          of(RANDOM, "java.util.UUID")
              .statics("randomUUID")
              .example("java.util.UUID.randomUUID();"),
          of(RANDOM, "java.util.concurrent.ThreadLocalRandom")
              .statics("current")
              .example("java.util.concurrent.ThreadLocalRandom.current();"),
          of(RANDOM, "java.security.SecureRandom")
              .constructors()
              .example("new java.security.SecureRandom();"),
          // An unseeded generator, and the JDK's shuffle with a generator of its own, compute the
          // same in APP and VAL once given a seed from the closure log.
          of(RANDOM, "java.util.Random")
              .constructors()
              .arity(0)
              .seeded()
              .example("new java.util.Random();"),
          of(RANDOM, "java.util.SplittableRandom")
              .constructors()
              .arity(0)
              .seeded()
              .example("new java.util.SplittableRandom();"),
          of(RANDOM, "java.util.Collections")
              .statics("shuffle")
              .arity(1)
              .seeded()
              .example("java.util.Collections.shuffle(new java.util.ArrayList<Object>());"),
          // A generator made in the same method is seeded (else its constructor is flagged above).
          // Its streams of numbers (ints, longs, doubles) draw as its next* methods do.
          of(RANDOM, "java.util.Random")
              .instances("next*", "ints", "longs", "doubles")
              .unless(Fact.FRESH_RECEIVER)
              .example("random.nextInt();"),
          of(RANDOM, "java.util.SplittableRandom")
              .instances("next*", "ints", "longs", "doubles")
              .unless(Fact.FRESH_RECEIVER)
              .example("splittable.nextInt();"),
          // Java 17's generators: RandomGenerator.getDefault(), RandomGenerator.of(name) and a
          // factory's create() make unseeded ones, whose draws are recorded.
          of(RANDOM, "java.util.random.RandomGenerator")
              .instances("next*", "ints", "longs", "doubles")
              .unless(Fact.FRESH_RECEIVER)
              .example("java.util.random.RandomGenerator.getDefault().nextInt();"),
          of(IDENTITY_HASH, "java.lang.System")
              .statics("identityHashCode")
              .example("System.identityHashCode(this);"),
          of(IDENTITY_HASH, "java.lang.Object")
              .instances("hashCode")
              .arity(0)
              .when(Fact.IDENTITY_HASHED_RECEIVER)
              .example("new Plain().hashCode();"),
          of(HASH_ORDER, "java.util.IdentityHashMap")
              .instances(
                  "forEach",
                  "keySet",
                  "values",
                  "entrySet",
                  "iterator",
                  "spliterator",
                  "stream",
                  "toArray")
              .example(
                  "for (Object k : new java.util.IdentityHashMap<Object, Object>().keySet()) { }"),
          of(ENVIRONMENT, "java.lang.System")
              .statics("getenv", "getProperty")
              .example("System.getenv(\"HOME\");"),
          of(ENVIRONMENT, "java.lang.Integer")
              .statics("getInteger")
              .example("Integer.getInteger(\"n\");"),
          of(ENVIRONMENT, "java.lang.Long").statics("getLong").example("Long.getLong(\"n\");"),
          of(ENVIRONMENT, "java.lang.Boolean")
              .statics("getBoolean")
              .example("Boolean.getBoolean(\"b\");"),
          of(ENVIRONMENT, "java.util.Locale")
              .statics("getDefault")
              .example("java.util.Locale.getDefault();"),
          // What reads the default locale or time zone, which the program may change between two
          // closure calls (a test run over locales): formatting and case mapping without a
          // Locale, the default zone, a formatter made for the default locale.
          of(ENVIRONMENT, "java.lang.String")
              .statics("format")
              .arity(2)
              .example("String.format(\"%,d\", 1000);"),
          of(ENVIRONMENT, "java.lang.String")
              .instances("formatted")
              .example("\"%,d\".formatted(1000);"),
          of(ENVIRONMENT, "java.lang.String")
              .instances("toUpperCase", "toLowerCase")
              .arity(0)
              .example("\"i\".toUpperCase();"),
          of(ENVIRONMENT, "java.util.TimeZone")
              .statics("getDefault")
              .example("java.util.TimeZone.getDefault();"),
          of(ENVIRONMENT, "java.time.ZoneId")
              .statics("systemDefault")
              .example("java.time.ZoneId.systemDefault();"),
          of(ENVIRONMENT, "java.util.Date")
              .instances("toString")
              .arity(0)
              .example("new java.util.Date(0L).toString();"),
          of(ENVIRONMENT, "java.text.NumberFormat")
              .statics(
                  "getInstance",
                  "getNumberInstance",
                  "getCurrencyInstance",
                  "getPercentInstance",
                  "getIntegerInstance",
                  "getCompactNumberInstance")
              .arity(0)
              .example("java.text.NumberFormat.getCurrencyInstance();"),
          of(ENVIRONMENT, "java.time.format.DateTimeFormatter")
              .statics("ofPattern")
              .arity(1)
              .example("java.time.format.DateTimeFormatter.ofPattern(\"d MMM\");"),
          of(ENVIRONMENT, "java.time.format.DateTimeFormatter")
              .statics("ofLocalizedDate", "ofLocalizedTime", "ofLocalizedDateTime")
              .example(
                  "java.time.format.DateTimeFormatter.ofLocalizedDate("
                      + "java.time.format.FormatStyle.MEDIUM);"),
          of(ENVIRONMENT, "java.text.DecimalFormat")
              .constructors()
              .arity(1)
              .example("new java.text.DecimalFormat(\"#,##0.00\");"),
          of(ENVIRONMENT, "java.text.DecimalFormat")
              .constructors()
              .arity(0)
              .example("new java.text.DecimalFormat();"),
          of(ENVIRONMENT, "java.text.DecimalFormatSymbols")
              .statics("getInstance")
              .arity(0)
              .example("java.text.DecimalFormatSymbols.getInstance();"),
          of(ENVIRONMENT, "java.text.DecimalFormatSymbols")
              .constructors()
              .arity(0)
              .example("new java.text.DecimalFormatSymbols();"),
          of(ENVIRONMENT, "java.text.SimpleDateFormat")
              .constructors()
              .arity(1)
              .example("new java.text.SimpleDateFormat(\"dd MMM yyyy\");"),
          of(ENVIRONMENT, "java.text.SimpleDateFormat")
              .constructors()
              .arity(0)
              .example("new java.text.SimpleDateFormat();"),
          of(ENVIRONMENT, "java.text.DateFormat")
              .statics("getInstance", "getDateInstance", "getTimeInstance", "getDateTimeInstance")
              .arity(0)
              .example("java.text.DateFormat.getDateInstance();"),
          of(ENVIRONMENT, "java.text.DateFormat")
              .statics("getDateInstance", "getTimeInstance")
              .arity(1)
              .example("java.text.DateFormat.getDateInstance(java.text.DateFormat.LONG);"),
          of(ENVIRONMENT, "java.text.DateFormat")
              .statics("getDateTimeInstance")
              .arity(2)
              .example(
                  "java.text.DateFormat.getDateTimeInstance("
                      + "java.text.DateFormat.LONG, java.text.DateFormat.SHORT);"),
          of(ENVIRONMENT, "java.text.Collator")
              .statics("getInstance")
              .arity(0)
              .example("java.text.Collator.getInstance();"),
          of(ENVIRONMENT, "java.text.MessageFormat")
              .statics("format")
              .arity(2)
              .example("java.text.MessageFormat.format(\"{0,number}\", 1.5);"),
          of(ENVIRONMENT, "java.text.MessageFormat")
              .constructors()
              .arity(1)
              .example("new java.text.MessageFormat(\"{0,number}\");"),
          of(ENVIRONMENT, "java.util.Formatter")
              .constructors()
              .arity(0)
              .example("new java.util.Formatter();"),
          // A scanner parses numbers in the default locale of when it was made: it is given the
          // locale APP read.
          of(ENVIRONMENT, "java.util.Scanner")
              .constructors()
              .seeded()
              .example("new java.util.Scanner(\"1,5\");"),
          // Names shown in the default display locale.
          of(ENVIRONMENT, "java.util.Locale")
              .instances(
                  "getDisplayName",
                  "getDisplayLanguage",
                  "getDisplayCountry",
                  "getDisplayVariant",
                  "getDisplayScript")
              .arity(0)
              .example("java.util.Locale.GERMANY.getDisplayCountry();"),
          of(ENVIRONMENT, "java.util.Currency")
              .instances("getSymbol", "getDisplayName")
              .arity(0)
              .example("java.util.Currency.getInstance(\"EUR\").getSymbol();"),
          of(ENVIRONMENT, "java.util.TimeZone")
              .instances("getDisplayName")
              .arity(0)
              .example("java.util.TimeZone.getTimeZone(\"UTC\").getDisplayName();"),
          of(ENVIRONMENT, "java.util.TimeZone")
              .instances("getDisplayName")
              .arity(2)
              .example(
                  "java.util.TimeZone.getTimeZone(\"UTC\").getDisplayName("
                      + "false, java.util.TimeZone.SHORT);"),
          of(ENVIRONMENT, "java.lang.Runtime")
              .instances("availableProcessors", "freeMemory", "totalMemory", "maxMemory")
              .example("Runtime.getRuntime().availableProcessors();"),
          // The JVM's own metrics (java.lang.management): a validator's thread has its own CPU
          // time, and the heap and the collectors move between APP and VAL.
          of(ENVIRONMENT, "java.lang.management.ThreadMXBean")
              .instances(
                  "getCurrentThreadCpuTime",
                  "getCurrentThreadUserTime",
                  "getThreadCpuTime",
                  "getThreadUserTime",
                  "getThreadCount",
                  "getPeakThreadCount",
                  "getDaemonThreadCount",
                  "getTotalStartedThreadCount",
                  "getThreadInfo",
                  "getAllThreadIds",
                  "dumpAllThreads",
                  "findDeadlockedThreads",
                  "findMonitorDeadlockedThreads",
                  "getCurrentThreadAllocatedBytes",
                  "getThreadAllocatedBytes")
              .example(
                  "java.lang.management.ManagementFactory.getThreadMXBean()"
                      + ".getCurrentThreadCpuTime();"),
          of(ENVIRONMENT, "java.lang.management.MemoryMXBean")
              .instances(
                  "getHeapMemoryUsage",
                  "getNonHeapMemoryUsage",
                  "getObjectPendingFinalizationCount")
              .example(
                  "java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();"),
          of(ENVIRONMENT, "java.lang.management.MemoryPoolMXBean")
              .instances("getUsage", "getPeakUsage", "getCollectionUsage")
              .example(
                  "java.lang.management.ManagementFactory.getMemoryPoolMXBeans().get(0).getUsage();"),
          of(ENVIRONMENT, "java.lang.management.GarbageCollectorMXBean")
              .instances("getCollectionCount", "getCollectionTime")
              .example(
                  "java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().get(0)"
                      + ".getCollectionCount();"),
          of(ENVIRONMENT, "java.lang.management.ClassLoadingMXBean")
              .instances("getLoadedClassCount", "getTotalLoadedClassCount", "getUnloadedClassCount")
              .example(
                  "java.lang.management.ManagementFactory.getClassLoadingMXBean()"
                      + ".getLoadedClassCount();"),
          of(ENVIRONMENT, "java.lang.management.CompilationMXBean")
              .instances("getTotalCompilationTime")
              .example(
                  "java.lang.management.ManagementFactory.getCompilationMXBean()"
                      + ".getTotalCompilationTime();"),
          of(ENVIRONMENT, "java.lang.management.OperatingSystemMXBean")
              .instances(
                  "getSystemLoadAverage",
                  "getProcessCpuLoad",
                  "getCpuLoad",
                  "getSystemCpuLoad",
                  "getProcessCpuTime",
                  "getFreeMemorySize",
                  "getFreePhysicalMemorySize",
                  "getFreeSwapSpaceSize",
                  "getCommittedVirtualMemorySize",
                  "getOpenFileDescriptorCount")
              .example(
                  "java.lang.management.ManagementFactory.getOperatingSystemMXBean()"
                      + ".getSystemLoadAverage();"),
          // Where the code runs: APP runs on the application's thread in a method named fApp, VAL
          // on a validator's thread in fVal. The current thread is recorded, so VAL compares and
          // stores the application's (an owner-thread check, `instanceof Worker`); what a closure
          // reads of a thread is recorded, so the name and id are the application's in both; what
          // changes a thread is made by APP alone (a validator must never act on the application's
          // thread). A log holding a thread cannot go into a reproducer.
          of(ENVIRONMENT, "java.lang.Thread")
              .statics("currentThread")
              .example("Thread.currentThread();"),
          of(ENVIRONMENT, "java.lang.Thread")
              .instances(
                  "interrupt",
                  "setName",
                  "setPriority",
                  "setDaemon",
                  "setUncaughtExceptionHandler",
                  "getUncaughtExceptionHandler",
                  "setContextClassLoader",
                  "getContextClassLoader")
              .example("Thread.currentThread().interrupt();"),
          // Whether the closure runs in a fork/join pool, and the pool's queues.
          of(ENVIRONMENT, "java.util.concurrent.ForkJoinTask")
              .statics(
                  "inForkJoinPool", "getPool", "getQueuedTaskCount", "getSurplusQueuedTaskCount")
              .example("java.util.concurrent.ForkJoinTask.inForkJoinPool();"),
          // A reflective read of a field reads the object as it is now: a validator's would see
          // what the application wrote since, not the version the log replays.
          of(ENVIRONMENT, "java.lang.reflect.Field")
              .instances(
                  "get",
                  "getBoolean",
                  "getByte",
                  "getChar",
                  "getShort",
                  "getInt",
                  "getLong",
                  "getFloat",
                  "getDouble")
              .example("Held.class.getDeclaredField(\"n\").getLong(held);"),
          // What the collector has cleared: a weak or soft reference's referent.
          of(ENVIRONMENT, "java.lang.ref.Reference")
              .instances("get", "refersTo", "isEnqueued")
              .example("new java.lang.ref.WeakReference<Object>(null).get();"),
          of(ENVIRONMENT, "java.lang.Thread")
              .instances(
                  "getName",
                  "getId",
                  "threadId",
                  "getPriority",
                  "isDaemon",
                  "getStackTrace",
                  "isInterrupted",
                  "isVirtual",
                  "getThreadGroup",
                  "getState",
                  "toString")
              .arity(0)
              .example("Thread.currentThread().getName();"),
          // Thread.interrupted() also clears the flag: made once, by APP.
          of(ENVIRONMENT, "java.lang.Thread")
              .statics("interrupted", "holdsLock", "activeCount", "getAllStackTraces")
              .example("Thread.interrupted();"),
          // A stack walk sees the variant methods and the validator's own frames.
          of(ENVIRONMENT, "java.lang.StackWalker")
              .instances("walk", "forEach", "getCallerClass")
              .example("StackWalker.getInstance().walk(s -> s.count());"),
          // A thread-local value is the application thread's; a validator's thread has its own.
          of(ENVIRONMENT, "java.lang.ThreadLocal")
              .instances("get")
              .arity(0)
              .example("new ThreadLocal<String>().get();"),
          // A throwable's stack trace names the variant methods; its message may be null in one
          // variant and not in the other: compiled code throws preallocated implicit exceptions
          // (/ by zero, an index out of bounds, a null pointer, a failed cast) without a message
          // or a stack trace once they are frequent (-XX:+OmitStackTraceInFastThrow).
          of(ENVIRONMENT, "java.lang.Throwable")
              .instances("getStackTrace", "getMessage", "getLocalizedMessage", "toString")
              .arity(0)
              .example("new IllegalStateException(\"x\").getMessage();"),
          of(MATH_INTRINSIC, "java.lang.Math")
              .statics(
                  "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "expm1", "log",
                  "log10", "log1p", "pow", "sinh", "cosh", "tanh", "cbrt", "hypot")
              .example("Math.sin(1.0);"),
          // The bits of a NaN depend on the code the JIT made (decision 0061). A buffer's
          // putDouble and putFloat write raw bits; DataOutput's writeDouble writes canonical ones.
          of(NAN_BITS, "java.lang.Double")
              .statics("doubleToRawLongBits")
              .example("Double.doubleToRawLongBits(0.5);"),
          of(NAN_BITS, "java.lang.Float")
              .statics("floatToRawIntBits")
              .example("Float.floatToRawIntBits(0.5f);"),
          of(NAN_BITS, "java.nio.ByteBuffer")
              .instances("putDouble", "putFloat")
              .example("java.nio.ByteBuffer.allocate(8).putDouble(0.5);"),
          // A view of bytes (asDoubleBuffer()) puts a value's raw bits.
          of(NAN_BITS, "java.nio.DoubleBuffer")
              .instances("put")
              .when(Fact.FLOATING_SIGNATURE)
              .example("java.nio.DoubleBuffer.allocate(1).put(0.5);"),
          of(NAN_BITS, "java.nio.FloatBuffer")
              .instances("put")
              .when(Fact.FLOATING_SIGNATURE)
              .example("java.nio.FloatBuffer.allocate(1).put(0.5f);"),

          // Mutations of JDK objects: findings when user data holds the object.
          of(MUTATION, "java.util.Collection")
              .instances(COLLECTION_MUTATORS)
              .exceptTypes(PERSISTENT)
              .example("held.list.add(\"x\");"),
          of(MUTATION, "java.util.Map")
              .instances(COLLECTION_MUTATORS)
              .exceptTypes(PERSISTENT)
              .example("held.map.merge(\"k\", 1, Integer::sum);"),
          of(MUTATION, "java.util.Collections")
              .statics(
                  "sort",
                  "reverse",
                  "shuffle",
                  "swap",
                  "fill",
                  "rotate",
                  "copy",
                  "addAll",
                  "replaceAll")
              .argument(0)
              .example("java.util.Collections.sort(held.list);"),
          of(MUTATION, "java.lang.StringBuilder")
              .instances(TEXT_MUTATORS)
              .example("held.text.append('x');"),
          of(MUTATION, "java.lang.StringBuffer")
              .instances(TEXT_MUTATORS)
              .example("held.buffer.append('x');"),
          of(MUTATION, "java.util.concurrent.atomic.")
              .instances(
                  "set*",
                  "lazySet",
                  "getAnd*",
                  "*AndGet",
                  "compareAnd*",
                  "weakCompare*",
                  "increment",
                  "decrement",
                  "add",
                  "reset",
                  "sumThenReset",
                  "accumulate")
              .example("held.count.incrementAndGet();"),
          of(MUTATION, "java.util.Date").instances("set*").example("held.date.setTime(0L);"),
          of(MUTATION, "java.util.Calendar")
              .instances("set*", "add", "roll", "clear")
              .example("held.calendar.add(java.util.Calendar.DATE, 1);"),
          of(MUTATION, "java.util.BitSet")
              .instances("set", "clear", "flip", "and", "or", "xor", "andNot")
              .example("held.bits.set(1);"),
          // A buffer's relative reads move its position; its writes and flips change it.
          of(MUTATION, "java.nio.Buffer")
              .instances("get", "getChar", "getShort", "getInt", "getLong", "getFloat", "getDouble")
              .arity(0)
              .example("held.bytes.getInt();"),
          of(MUTATION, "java.nio.Buffer")
              .instances("put*", "flip", "clear", "rewind", "compact", "mark", "reset")
              .example("held.bytes.flip();"),
          of(MUTATION, "java.nio.Buffer")
              .instances("position", "limit")
              .arity(1)
              .example("held.bytes.position(0);"),
          of(MUTABLE_VIEW, "java.util.Collections")
              .statics("unmodifiable*", "synchronized*", "checked*")
              .example(
                  "held.list = java.util.Collections.unmodifiableList(new java.util.ArrayList<String>());"),
          of(MUTABLE_VIEW, "java.util.Arrays")
              .statics("asList")
              .example("held.list = java.util.Arrays.asList(\"a\", \"b\");"),
          // The collection Stream.collect makes with them: an ArrayList, a HashMap, ... today (the
          // JDK promises nothing either way); Stream.toList() and Collectors.toUnmodifiable* are
          // not.
          of(MUTABLE_COLLECTOR, "java.util.stream.Collectors")
              .statics(
                  "toList",
                  "toSet",
                  "toMap",
                  "toCollection",
                  "groupingBy",
                  "groupingByConcurrent",
                  "partitioningBy",
                  "toConcurrentMap")
              .example(
                  "held.list = java.util.stream.Stream.of(\"a\").collect(java.util.stream.Collectors.toList());"),

          // Tags: floating-point and vector work, the units fault injection targets first.
          of(FLOATING_POINT, "java.lang.Math")
              .statics("*")
              .when(Fact.FLOATING_SIGNATURE)
              .example("Math.sqrt(2.0);"),
          of(FLOATING_POINT, "java.lang.StrictMath")
              .statics("*")
              .when(Fact.FLOATING_SIGNATURE)
              .example("StrictMath.sqrt(2.0);"),
          of(VECTOR, "java.lang.System")
              .statics("arraycopy")
              .example("System.arraycopy(new int[1], 0, new int[1], 0, 1);"),
          of(VECTOR, "java.util.Arrays")
              .statics("*")
              .exceptNames("asList", "stream", "toString", "deepToString")
              .example("java.util.Arrays.fill(new int[2], 1);"),
          of(VECTOR, "jdk.incubator.vector.").any().example(""),
          of(VECTOR, "java.lang.Object")
              .instances("clone")
              .when(Fact.ARRAY_RECEIVER)
              .example("new int[2].clone();"),
          of(VECTOR, "java.lang.String")
              .instances(
                  "equals",
                  "equalsIgnoreCase",
                  "compareTo",
                  "compareToIgnoreCase",
                  "indexOf",
                  "lastIndexOf",
                  "contains",
                  "startsWith",
                  "endsWith",
                  "regionMatches",
                  "getBytes",
                  "toCharArray",
                  "hashCode")
              .example("\"a\".equals(\"b\");"),
          of(VECTOR, "java.lang.String").constructors().example("new String(new char[] {'a'});"),

          // JDK calls that store into an argument array.
          of(ARRAY_WRITE, "java.lang.System")
              .statics("arraycopy")
              .argument(2)
              .example("System.arraycopy(new int[1], 0, new int[1], 0, 1);"),
          of(ARRAY_WRITE, "java.util.Arrays")
              .statics("fill", "sort", "setAll", "parallelSort", "parallelSetAll", "parallelPrefix")
              .argument(0)
              .example("java.util.Arrays.fill(new int[2], 1);"),
          of(ARRAY_WRITE, "java.lang.String")
              .instances("getChars", "getBytes")
              .arity(4)
              .argument(2)
              .example("\"ab\".getChars(0, 1, new char[1], 0);"),
          of(ARRAY_WRITE, "java.lang.AbstractStringBuilder")
              .instances("getChars")
              .arity(4)
              .argument(2)
              .example("new StringBuilder(\"ab\").getChars(0, 1, new char[1], 0);"),
          of(ARRAY_WRITE, "java.util.random.RandomGenerator")
              .instances("nextBytes")
              .argument(0)
              .example("random.nextBytes(new byte[1]);"),
          of(ARRAY_WRITE, "java.io.InputStream")
              .instances("read", "readNBytes")
              .argument(0)
              .example("new java.io.FileInputStream(\"x\").read(new byte[1]);"),
          of(ARRAY_WRITE, "java.io.Reader")
              .instances("read")
              .argument(0)
              .example("new java.io.FileReader(\"x\").read(new char[1]);"),
          of(ARRAY_WRITE, "java.io.RandomAccessFile")
              .instances("read")
              .argument(0)
              .example("new java.io.RandomAccessFile(\"x\", \"r\").read(new byte[1]);"),
          of(ARRAY_WRITE, "java.io.DataInput")
              .instances("readFully")
              .argument(0)
              .example("new java.io.RandomAccessFile(\"x\", \"r\").readFully(new byte[1]);"),
          // Every typed buffer's get(T[]), get(T[], int, int), and the absolute get(int, T[]) and
          // get(int, T[], int, int).
          of(ARRAY_WRITE, "java.nio.Buffer")
              .instances("get")
              .arity(1)
              .argument(0)
              .example("java.nio.ByteBuffer.allocate(1).get(new byte[1]);"),
          of(ARRAY_WRITE, "java.nio.Buffer")
              .instances("get")
              .arity(3)
              .argument(0)
              .example("java.nio.IntBuffer.allocate(1).get(new int[1], 0, 1);"),
          of(ARRAY_WRITE, "java.nio.Buffer")
              .instances("get")
              .arity(2)
              .argument(1)
              .example("java.nio.LongBuffer.allocate(1).get(0, new long[1]);"),
          of(ARRAY_WRITE, "java.nio.Buffer")
              .instances("get")
              .arity(4)
              .argument(1)
              .example("java.nio.CharBuffer.allocate(1).get(0, new char[1], 0, 1);"),
          // A buffer's put writes the array the buffer is over (ByteBuffer.wrap(a).putLong(0, v)).
          of(ARRAY_WRITE, "java.nio.Buffer")
              .instances("put*")
              .argument(RECEIVER)
              .example("java.nio.ByteBuffer.allocate(8).putLong(0, 1L);"));

  /**
   * JDK calls whose result is a view over an array ({@link JdkApi#argument()}), or over the same
   * array as their receiver ({@link #RECEIVER}): a {@code put} through the result writes the array.
   * Kept out of {@link #TABLE}: no stage reports them, and {@link #mutableView} is about
   * collections.
   */
  private static final List<JdkApi> ARRAY_VIEWS =
      List.of(
          of(MUTABLE_VIEW, "java.nio.Buffer")
              .statics("wrap")
              .argument(0)
              .example("java.nio.ByteBuffer.wrap(new byte[8]);"),
          of(MUTABLE_VIEW, "java.nio.Buffer")
              .instances(
                  "order",
                  "duplicate",
                  "slice",
                  "as*",
                  "position",
                  "limit",
                  "mark",
                  "reset",
                  "clear",
                  "flip",
                  "rewind",
                  "compact",
                  "put*")
              .exceptNames("asReadOnlyBuffer")
              .argument(RECEIVER)
              .example("java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN);"));

  /**
   * Concrete JDK classes whose instances change in place (with their subtypes). A user-data field
   * that holds one is an error: the changes are neither versioned nor validated.
   */
  private static final List<String> MUTABLE_TYPES =
      List.of(
          "java.util.ArrayList",
          "java.util.LinkedList",
          "java.util.Vector",
          "java.util.ArrayDeque",
          "java.util.PriorityQueue",
          "java.util.HashMap",
          "java.util.TreeMap",
          "java.util.Hashtable",
          "java.util.IdentityHashMap",
          "java.util.WeakHashMap",
          "java.util.EnumMap",
          "java.util.HashSet",
          "java.util.TreeSet",
          "java.util.EnumSet",
          "java.util.BitSet",
          "java.util.Date",
          "java.util.Calendar",
          "java.util.concurrent.ConcurrentHashMap",
          "java.util.concurrent.ConcurrentSkipListMap",
          "java.util.concurrent.ConcurrentSkipListSet",
          "java.util.concurrent.CopyOnWriteArrayList",
          "java.util.concurrent.CopyOnWriteArraySet",
          "java.util.concurrent.ConcurrentLinkedQueue",
          "java.util.concurrent.ConcurrentLinkedDeque",
          "java.util.concurrent.BlockingQueue",
          "java.lang.StringBuilder",
          "java.lang.StringBuffer",
          "java.util.StringJoiner",
          "java.nio.Buffer",
          "java.util.zip.Checksum",
          "java.security.MessageDigest",
          "java.io.ByteArrayOutputStream",
          "java.io.CharArrayWriter",
          "java.io.StringWriter",
          "java.util.IntSummaryStatistics",
          "java.util.LongSummaryStatistics",
          "java.util.DoubleSummaryStatistics",
          // Each call changes them: an iterator's or a tokenizer's position, a matcher's, a
          // stream's, a formatter's calendar and digits, a latch's count, a future's outcome.
          "java.util.Iterator",
          "java.util.Enumeration",
          "java.util.Spliterator",
          "java.util.regex.Matcher",
          "java.io.InputStream",
          "java.io.Reader",
          "java.io.OutputStream",
          "java.io.Writer",
          // What a sink or a source is for: appending to it, reading from it.
          "java.lang.Appendable",
          "java.lang.Readable",
          "java.util.concurrent.CountDownLatch",
          "java.util.concurrent.CyclicBarrier",
          "java.util.concurrent.Phaser",
          "java.util.concurrent.Exchanger",
          "java.util.concurrent.Future",
          "java.util.Formatter",
          "java.text.Format",
          "java.text.BreakIterator",
          "java.text.CharacterIterator",
          // Codecs and digests that keep state between calls.
          "java.util.zip.Deflater",
          "java.util.zip.Inflater",
          "java.nio.charset.CharsetDecoder",
          "java.nio.charset.CharsetEncoder",
          "javax.crypto.Mac",
          "javax.crypto.Cipher",
          "java.security.Signature",
          "java.util.concurrent.atomic.");

  /**
   * Collection interfaces: whether such a field is mutable depends on the object it holds ({@code
   * List.of(...)} is immutable, {@code new ArrayList<>()} is not).
   */
  private static final List<String> COLLECTION_INTERFACES =
      List.of("java.util.Collection", "java.util.Map");

  /** JDK factories of collections that never change, as {@code owner#name}. */
  private static final Set<String> IMMUTABLE_FACTORIES =
      Set.of(
          "java.util.List#of",
          "java.util.List#copyOf",
          "java.util.Set#of",
          "java.util.Set#copyOf",
          "java.util.Map#of",
          "java.util.Map#copyOf",
          "java.util.Map#ofEntries",
          "java.util.Map#entry",
          "java.util.Collections#emptyList",
          "java.util.Collections#emptySet",
          "java.util.Collections#emptyMap",
          "java.util.Collections#singleton",
          "java.util.Collections#singletonList",
          "java.util.Collections#singletonMap");

  /**
   * Whether the static method {@code name} of {@code owner} (a binary class name) makes a
   * collection that never changes ({@code List.of}, {@code Map.copyOf}, {@code
   * Collections.emptyList}).
   */
  public static boolean immutableFactory(String owner, String name) {
    return IMMUTABLE_FACTORIES.contains(owner + "#" + name);
  }

  /** Hash-ordered collections whose order depends on their keys' hash codes. */
  private static final List<String> HASHED_BY_KEY =
      List.of("java.util.HashMap", "java.util.HashSet", "org.pcollections.HashPMap");

  /** Insertion-ordered variants of {@link #HASHED_BY_KEY}: deterministic. */
  private static final List<String> INSERTION_ORDERED =
      List.of("java.util.LinkedHashMap", "java.util.LinkedHashSet");

  /** Hash-ordered by identity whatever the keys. */
  private static final String HASHED_BY_IDENTITY = "java.util.IdentityHashMap";

  private JdkApis() {}

  /** The whole table, in match order. */
  public static List<JdkApi> all() {
    return TABLE;
  }

  /** Every entry the call matches. */
  public static List<JdkApi> matching(JdkCall call) {
    List<JdkApi> result = new ArrayList<>(1);
    for (JdkApi api : TABLE) {
      if (api.matches(call)) {
        result.add(api);
      }
    }
    return result;
  }

  /**
   * The first entry that makes the call a finding by itself (threads, I/O, locks, ...), or null.
   */
  public static JdkApi finding(JdkCall call) {
    return first(call, c -> c.reportedAtCall());
  }

  /** The mutation entry of a call that changes a JDK object in place, or null. */
  public static JdkApi mutation(JdkCall call) {
    return first(call, c -> c == MUTATION);
  }

  /**
   * The entry of a static factory that returns a view over, or a mutable wrapper of, a collection.
   */
  public static JdkApi mutableView(JdkCall call) {
    return first(call, c -> c == MUTABLE_VIEW);
  }

  /**
   * The entry of a collector whose collection is mutable ({@code Collectors.toList()}: what {@code
   * Stream.collect} returns with it).
   */
  public static JdkApi mutableCollector(JdkCall call) {
    return first(call, c -> c == MUTABLE_COLLECTOR);
  }

  /** The tags the call gives a closure. */
  public static Set<Tag> tags(JdkCall call) {
    Set<Tag> tags = EnumSet.noneOf(Tag.class);
    for (JdkApi api : TABLE) {
      if (api.category().tag() != null && api.matches(call)) {
        tags.add(api.category().tag());
      }
    }
    return tags;
  }

  /**
   * The index of the argument array the call stores into, {@link #RECEIVER} for the array its
   * receiver is over, or -1.
   */
  public static int arrayWrite(JdkCall call) {
    JdkApi api = first(call, c -> c == ARRAY_WRITE);
    return api == null ? -1 : api.argument();
  }

  /**
   * The index of the argument array the call's result is over, {@link #RECEIVER} when it is over
   * the same array as its receiver, or -1.
   */
  public static int arrayView(JdkCall call) {
    for (JdkApi api : ARRAY_VIEWS) {
      if (api.matches(call)) {
        return api.argument();
      }
    }
    return -1;
  }

  private static JdkApi first(JdkCall call, Predicate<JdkCategory> category) {
    for (JdkApi api : TABLE) {
      if (category.test(api.category()) && api.matches(call)) {
        return api;
      }
    }
    return null;
  }

  /**
   * The mutable JDK type a type is (itself or a subtype), or null.
   *
   * @param name the type's binary name
   * @param isA whether the type is the given class or interface, or a subtype of it
   */
  public static String mutableType(String name, Predicate<String> isA) {
    for (String mutable : MUTABLE_TYPES) {
      if (mutable.endsWith(".") ? name.startsWith(mutable) : isA.test(mutable)) {
        return mutable;
      }
    }
    return null;
  }

  /**
   * A {@code java.util} collection or map interface type, whose mutability depends on the object
   * held.
   */
  public static boolean isCollectionInterface(Predicate<String> isA) {
    return COLLECTION_INTERFACES.stream().anyMatch(isA);
  }

  /** A persistent collection: an immutable value whose type arguments still matter. */
  public static boolean isPersistent(String name) {
    return name.startsWith(PERSISTENT_PACKAGE);
  }

  /**
   * How iterating a collection of this type is ordered: {@code IDENTITY} for an identity-hashed
   * map, {@code KEY_HASH} for a hash map or set (its order follows the keys' hash codes), else
   * null.
   */
  public static HashOrder hashOrder(Predicate<String> isA) {
    if (INSERTION_ORDERED.stream().anyMatch(isA)) {
      return null;
    }
    if (isA.test(HASHED_BY_IDENTITY)) {
      return HashOrder.IDENTITY;
    }
    return HASHED_BY_KEY.stream().anyMatch(isA) ? HashOrder.KEY_HASH : null;
  }

  /**
   * The classes {@link HashOrder#KEY_HASH} names, whose first type argument is the key type ({@code
   * HashMap<K, V>}, {@code HashSet<E>}, pcollections' {@code HashPMap<K, V>}).
   */
  public static List<String> hashedByKey() {
    return HASHED_BY_KEY;
  }

  /** See {@link #hashOrder}. */
  public enum HashOrder {
    IDENTITY,
    KEY_HASH
  }
}
