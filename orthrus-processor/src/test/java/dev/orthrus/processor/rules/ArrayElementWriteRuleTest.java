package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class ArrayElementWriteRuleTest {

  private static final String KEY = "[orthrus.userdata.array-element-write]";

  @Test
  void flagsElementStoresIntoUserDataPrimitiveArrays() {
    JavaFileObject f =
        source(
            "t.Blob",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Arrays;
        @UserData
        public class Blob {
          byte[] bytes = new byte[8];
          int[] counts = new int[8];
          @Closure
          public void touch(int i) {
            bytes[i] = 1;
            this.counts[i]++;
            int[] alias = counts;
            alias[0] += 2;
            Arrays.fill(bytes, (byte) 0);
          }
          void reset() {
            bytes[0] = 0;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("bytes[i] = 1");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("this.counts[i]++");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("alias[0] += 2");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Arrays.fill(bytes");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("bytes[0] = 0");
  }

  @Test
  void newArraysAndReferenceSlotsAreFine() {
    JavaFileObject f =
        source(
            "t.Blob",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Blob {
          byte[] bytes = new byte[8];
          Blob[] children = new Blob[2];
          @Closure
          public void touch(int i, byte b) {
            byte[] copy = bytes.clone();
            copy[i] = b;
            bytes = copy;
            children[0] = null;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.userdata.array-element-write");
  }

  /**
   * An array stored into user data is the owner's version from then on: filling it through the
   * local (or the parameter) it came from afterwards, or in a later iteration of a loop around the
   * store, changes that version in place. Filling it before the store is the way to build one.
   */
  @Test
  void flagsStoresThroughALocalAfterItWasStoredIntoUserData() {
    JavaFileObject f =
        source(
            "t.Grid",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Arrays;
        @UserData
        public class Grid {
          int[] xs = new int[0];
          long[] ys = new long[0];
          @Closure
          public void storeThenFill() {
            int[] c = new int[2];
            c[1] = 7;
            xs = c;
            c[0] = 42;
          }
          @Closure
          public void keepTheArgument(long[] src) {
            this.ys = src;
            Arrays.fill(src, 1L);
          }
          @Closure
          public void inALoop(int n) {
            int[] row = new int[n];
            for (int i = 0; i < n; i++) {
              row[i] = i;
              xs = row;
            }
          }
          @Closure
          public void freshInEachRound(int rounds) {
            for (int r = 0; r < rounds; r++) {
              int[] st = new int[3];
              for (int i = 0; i < st.length; i++) {
                st[i] = i + r;
              }
              xs = st;
            }
          }
          @Closure
          public void fillThenStore(int n) {
            int[] built = new int[n];
            for (int i = 0; i < n; i++) {
              built[i] = i * i;
            }
            xs = built;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("c[0] = 42");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Arrays.fill(src, 1L)");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("row[i] = i;");
    assertThat(c).hadErrorCount(3);
  }

  /** A constructor fills the array it allocated for its object before the object is published. */
  @Test
  void aConstructorFillingItsOwnNewArrayIsFine() {
    JavaFileObject f =
        source(
            "t.Squares",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Squares {
          int[] xs;
          public Squares(int n) {
            xs = new int[n];
            for (int i = 0; i < n; i++) {
              xs[i] = i * i;
            }
          }
          @Closure
          public int first() {
            return xs[0];
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.userdata.array-element-write");
  }

  /**
   * A closure keeps the array its caller passed ({@code s.xs = src}, or through a constructor or
   * method that does); the caller writing into it afterwards changes user data in place (trial 6: a
   * false detection and a crash). Writing before the call, or into an array the closure does not
   * keep (a reused buffer), is fine.
   */
  @Test
  void flagsACallerWritingIntoAnArrayAClosureKept() {
    JavaFileObject f =
        source(
            "t.Keeper",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        public class Keeper {
          @UserData
          public static final class S {
            int[] xs = new int[0];
            S() {}
            S(int[] xs) { this.xs = xs; }
          }
          @Closure
          public static void set(S s, int[] src) {
            s.xs = src;
          }
          @Closure
          public static S make(int[] src) {
            return new S(src);
          }
          @Closure
          public static void setThrough(S s, int[] src) {
            set(s, src);
          }
          @Closure
          public static long sum(S s, int[] buffer) {
            long t = 0;
            for (int x : buffer) {
              t += x;
            }
            return t + s.xs.length;
          }
          static void caller(S s) {
            int[] mine = {1, 2};
            mine[1] = 3;
            set(s, mine);
            mine[0] = 100;
            int[] built = new int[2];
            S made = make(built);
            java.util.Arrays.fill(built, 7);
            int[] via = new int[1];
            setThrough(s, via);
            via[0]++;
            int[] buffer = new int[4];
            for (int round = 0; round < 3; round++) {
              buffer[round] = round;
              sum(made, buffer);
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("after passing it to")
        .inFile(f)
        .onLineContaining("mine[0] = 100");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Arrays.fill(built, 7)");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("via[0]++");
    assertThat(c).hadErrorCount(3);
  }

  /**
   * A local initialized from another local or parameter and never reassigned holds the same array
   * ({@code byte[] data = value}): a closure keeping the copy keeps the argument, and writes
   * through either name after the store change user data. A copy of the array ({@code clone()}) is
   * a different array.
   */
  @Test
  void followsLocalsThatHoldTheSameArray() {
    JavaFileObject f =
        source(
            "t.Copies",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        public class Copies {
          @UserData
          public static final class Item {
            byte[] data = new byte[0];
            Item() {}
            Item(byte[] data) { this.data = data; }
          }
          @Closure
          public static void set(Item item, byte[] value) {
            byte[] data = value;
            item.data = data;
          }
          @Closure
          public static Item make(byte[] value) {
            byte[] kept = value;
            return new Item(kept);
          }
          @Closure
          public static void setCopy(Item item, byte[] value) {
            byte[] data = value.clone();
            item.data = data;
            value[0] = 1;
          }
          @Closure
          public static void storeThenWriteTheOtherName(Item item, int n) {
            byte[] fresh = new byte[n];
            byte[] same = fresh;
            item.data = fresh;
            same[0] = 9;
          }
          static void caller(Item item) {
            byte[] buffer = new byte[4];
            set(item, buffer);
            buffer[0] = 5;
            byte[] other = new byte[4];
            Item made = make(other);
            other[1] = 6;
            byte[] copied = new byte[4];
            setCopy(item, copied);
            copied[2] = 7;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("same[0] = 9");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("buffer[0] = 5");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("other[1] = 6");
    assertThat(c).hadErrorCount(3);
  }

  /**
   * A server reusing a buffer held in a field: once some method passed that field's array to a
   * closure that keeps it, a store into it changes user data in place, in that method or any other.
   * A method that first assigns the field a new array, a constructor, and a field whose array no
   * keeper gets, are fine.
   */
  @Test
  void flagsWritesIntoAFieldsArrayThatAClosureKept() {
    JavaFileObject f =
        source(
            "t.Connection",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        public class Connection {
          @UserData
          public static final class Entry {
            byte[] value = new byte[0];
          }
          @Closure
          public static void put(Entry e, byte[] value) {
            e.value = value;
          }
          @Closure
          public static int length(Entry e, byte[] probe) {
            return e.value.length + probe.length;
          }
          private byte[] buffer = new byte[16];
          private byte[] scratch = new byte[16];
          private byte[] fresh = new byte[16];
          Connection() {
            buffer[0] = 1;
          }
          void onRequest(Entry e) {
            buffer[0] = 2;
            put(e, buffer);
            scratch[0] = 3;
            length(e, scratch);
          }
          void readMore(int n) {
            java.util.Arrays.fill(buffer, (byte) n);
          }
          private byte[] other = new byte[4];
          void viaALocal(Entry e) {
            byte[] mine = other;
            put(e, mine);
          }
          void later() {
            other[1] = 4;
          }
          void refill(Entry e, int n) {
            fresh = new byte[n];
            fresh[0] = (byte) n;
            put(e, fresh);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("whose array").inFile(f).onLineContaining("buffer[0] = 2");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Arrays.fill(buffer");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("other[1] = 4");
    assertThat(c).hadErrorCount(3);
  }

  /**
   * JDK calls that read into an array argument, and a buffer's put through {@code wrap}: stores
   * into the array. Reading through a buffer over the array, and filling arrays the method made,
   * are fine.
   */
  @Test
  void flagsJdkReadsIntoUserDataArraysAndPutsThroughAWrap() {
    JavaFileObject f =
        source(
            "t.Rec",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.io.IOException;
        import java.nio.ByteBuffer;
        import java.nio.ByteOrder;
        @UserData
        public class Rec {
          byte[] data = new byte[16];
          char[] text = new char[4];
          int[] ints = new int[4];
          @Closure
          public long encode(String s, long v) {
            s.getChars(0, 4, text, 0);
            ByteBuffer.wrap(data).putLong(0, v);
            ByteBuffer.wrap(data, 0, 8).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 2);
            byte[] alias = data;
            ByteBuffer.wrap(alias).put(3, (byte) 1);
            java.nio.CharBuffer.wrap(text).put('x');
            ByteBuffer held = ByteBuffer.wrap(data);
            ByteBuffer little = held.order(ByteOrder.LITTLE_ENDIAN);
            little.putShort(6, (short) 3);
            long peek = held.getLong(0) + little.getInt(8);
            ByteBuffer.wrap(new byte[4]).get(data);
            long read = ByteBuffer.wrap(data).getLong(0);
            byte[] copy = data.clone();
            ByteBuffer.wrap(copy).putLong(8, v);
            ByteBuffer.wrap(data).get(copy);
            data = copy;
            return read + peek + ByteBuffer.wrap(copy).order(ByteOrder.BIG_ENDIAN).getInt(4);
          }
          void load(java.io.InputStream in, java.io.DataInput din, java.io.Reader r,
              java.util.Random rnd, java.security.SecureRandom sec, java.nio.IntBuffer ib)
              throws IOException {
            rnd.nextBytes(data);
            sec.nextBytes(this.data);
            ib.get(0, ints);
            in.read(data);
            in.read(data, 0, 4);
            in.readNBytes(data, 0, 4);
            din.readFully(data);
            r.read(text, 0, 2);
            int one = in.read() + ib.get(0) + r.read(java.nio.CharBuffer.allocate(2));
            byte[] mine = new byte[4];
            in.read(mine);
            rnd.nextBytes(mine);
            System.arraycopy(mine, 0, data, 0, 4);
            System.arraycopy(data, 0, mine, 0, 4);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    for (String line :
        new String[] {
          "s.getChars(0, 4, text, 0)",
          "wrap(data).putLong(0, v)",
          "order(ByteOrder.LITTLE_ENDIAN).putInt(0, 2)",
          "wrap(alias).put(3",
          "CharBuffer.wrap(text).put('x')",
          "little.putShort(6, (short) 3)",
          "wrap(new byte[4]).get(data)",
          "rnd.nextBytes(data)",
          "sec.nextBytes(this.data)",
          "ib.get(0, ints)",
          "in.read(data);",
          "in.read(data, 0, 4)",
          "in.readNBytes(data, 0, 4)",
          "din.readFully(data)",
          "r.read(text, 0, 2)",
          "System.arraycopy(mine, 0, data, 0, 4)"
        }) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    assertThat(c).hadErrorCount(16);
  }

  /**
   * The program's own methods that store into their array parameter, directly, through a local, a
   * JDK call, a callee, a constructor or an override: passing them a user-data array (or a local
   * alias of it) is a store. Methods that only read it or write a copy, a copy passed, and a
   * constructor filling the array it made for its object, are fine.
   */
  @Test
  void flagsPassingAUserDataArrayToAMethodThatStoresIntoIt() {
    JavaFileObject f =
        source(
            "t.Counters",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        public class Counters {
          @UserData
          public static final class S {
            int[] xs = new int[4];
            byte[] bs = new byte[8];
            long[] ys;
            S(int n) {
              ys = new long[n];
              clear(ys);
            }
          }
          interface Op {
            void apply(int[] a);
          }
          static final class Zero implements Op {
            public void apply(int[] a) {
              a[0] = 0;
            }
          }
          static final class Filler {
            Filler(int[] a) {
              a[0] = 7;
            }
          }
          static void bump(int[] a) {
            a[0] = a[0] + 1;
          }
          static void bumpAll(int[] a) {
            for (int i = 0; i < a.length; i++) {
              a[i]++;
            }
          }
          static void viaLocal(int[] a) {
            int[] b = a;
            b[1] += 2;
          }
          static void viaJdk(int[] a) {
            java.util.Arrays.fill(a, 0);
          }
          static void encode(byte[] a) {
            java.nio.ByteBuffer.wrap(a).putInt(0, 1);
          }
          static int decode(byte[] a) {
            return java.nio.ByteBuffer.wrap(a).getInt(0);
          }
          static void viaCopy(int[] src, int[] a) {
            System.arraycopy(src, 0, a, 0, 1);
          }
          static void passOn(int x, int[] a) {
            bump(a);
          }
          static void clear(long[] a) {
            java.util.Arrays.fill(a, 0L);
          }
          static int sum(int[] a) {
            int t = 0;
            for (int x : a) {
              t += x;
            }
            return t;
          }
          static int writesCopy(int[] a) {
            int[] c = a.clone();
            c[0] = 1;
            int[] r = new int[a.length];
            r[0] = a[0];
            return c[0] + r[0];
          }
          @Closure
          public static int closure(S s) {
            Op op = new Zero();
            bump(s.xs);
            int[] v = s.xs;
            bumpAll(v);
            viaLocal(s.xs);
            viaJdk(s.xs);
            passOn(1, s.xs);
            viaCopy(new int[1], s.xs);
            viaCopy(s.xs, new int[1]);
            encode(s.bs);
            int d = decode(s.bs);
            new Filler(s.xs);
            op.apply(s.xs);
            int t = sum(s.xs) + writesCopy(s.xs);
            int[] copy = s.xs.clone();
            bump(copy);
            s.xs = copy;
            return t + d;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("passes `t.Counters$S.xs`, a primitive array held by user data, to")
        .inFile(f)
        .onLineContaining("    bump(s.xs);");
    for (String line :
        new String[] {
          "bumpAll(v)",
          "viaLocal(s.xs)",
          "viaJdk(s.xs)",
          "passOn(1, s.xs)",
          "viaCopy(new int[1], s.xs)",
          "encode(s.bs)",
          "new Filler(s.xs)",
          "op.apply(s.xs)"
        }) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    assertThat(c).hadErrorCount(9);
  }

  /**
   * A helper storing into an array that a closure kept: passing it a local after the keeper got it,
   * or a field's array that some method gave the keeper.
   */
  @Test
  void flagsPassingAKeptArrayToAMethodThatStoresIntoIt() {
    JavaFileObject f =
        source(
            "t.Keeper",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        public class Keeper {
          @UserData
          public static final class S {
            int[] xs = new int[0];
          }
          @Closure
          public static void set(S s, int[] src) {
            s.xs = src;
          }
          static void bump(int[] a) {
            a[0]++;
          }
          static void fillThenSet(S s, int[] a) {
            a[0] = 1;
            s.xs = a;
          }
          private int[] buffer = new int[4];
          private int[] spare = new int[4];
          void caller(S s) {
            int[] mine = new int[2];
            bump(mine);
            set(s, mine);
            bump(mine); // after set
            int[] made = new int[2];
            fillThenSet(s, made);
            set(s, buffer);
            bump(spare);
          }
          void later() {
            bump(buffer);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("after passing it to")
        .inFile(f)
        .onLineContaining("bump(mine); // after set");
    assertThat(c).hadErrorContaining("and its array").inFile(f).onLineContaining("bump(buffer)");
    assertThat(c).hadErrorCount(2);
  }

  /**
   * Writes through a choice ({@code mine ? xs : new int[3]}), a getter that returns the field, and
   * a local whose last assignment gave it the field: each changed user data in place, and the next
   * control-path check of the object reported a corruption (outside trial). A local given a copy
   * after the field, and a getter of a copy, are fine.
   */
  @Test
  void flagsWritesThroughChoicesGettersAndReassignedLocals() {
    JavaFileObject f =
        source(
            "t.Box",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Arrays;
        @UserData
        public class Box {
          int[] xs = new int[3];
          int[] values() {
            return xs;
          }
          int[] copy() {
            return xs.clone();
          }
          @Closure
          public int viaChoice(boolean mine) {
            int[] a = mine ? xs : new int[3];
            a[0] = a[0] + 1;
            return a[0];
          }
          @Closure
          public int viaGetter() {
            Arrays.fill(values(), 4);
            return xs[0];
          }
          @Closure
          public int viaReassigned() {
            int[] a = new int[3];
            a = xs;
            Arrays.sort(a);
            return a[0];
          }
          @Closure
          public int fine() {
            int[] a = xs;
            a = a.clone();
            a[1] = 5;
            int[] b = copy();
            b[0] = 1;
            Arrays.sort(copy());
            return a[1] + b[0];
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("a[0] = a[0] + 1");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Arrays.fill(values(), 4)");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Arrays.sort(a)");
    long errors = c.errors().stream().filter(d -> d.getMessage(null).contains(KEY)).count();
    org.junit.jupiter.api.Assertions.assertEquals(3, errors, c.errors()::toString);
  }

  /**
   * A record's implicit accessor returns its component's array as a getter of the sources does: a
   * closure's store into the array of a record that user data holds is an unversioned write, and
   * into that of a user-data record an in-place change of a version. An accessor the record
   * declares is followed as a getter is: one that returns a copy is fine.
   */
  @Test
  void storesThroughARecordsAccessorAreStoresIntoItsComponent() {
    JavaFileObject f =
        source(
            "t.Meter",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Meter {
          public record Window(String name, long[] counts) {}
          @UserData
          public record Hist(long[] bins) {}
          public record Safe(long[] xs) {
            public long[] xs() {
              return xs.clone();
            }
          }
          Window win = new Window("w", new long[8]);
          final Hist hist = new Hist(new long[4]);
          Safe safe = new Safe(new long[2]);
          @Closure
          public long hit(int b) {
            win.counts()[b & 7] += 1;
            hist.bins()[b & 3]++;
            return win.counts()[b & 7] + hist.bins()[b & 3];
          }
          @Closure
          public long fresh(int b) {
            Window w = new Window("x", new long[8]);
            w.counts()[b & 7] = 5;
            safe.xs()[0] = 1;
            return w.counts()[b & 7];
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.unversioned-write]")
        .inFile(f)
        .onLineContaining("win.counts()[b & 7] += 1");
    assertThat(c)
        .hadErrorContaining("a record's component")
        .inFile(f)
        .onLineContaining("hist.bins()[b & 3]++");
    assertThat(c).hadErrorCount(2);
  }

  /**
   * A record made with user data's own primitive array holds that array: a store into it, by the
   * caller that got the record from a closure, changes a version in place. A record made with a
   * copy, one whose array nobody writes, and one a method makes and writes itself, are fine; so is
   * a record made with user data's array only to be read where it is made. Writing into such a
   * record where it is made writes user data's array.
   */
  @Test
  void flagsStoresIntoARecordsArrayThatUserDataHolds() {
    JavaFileObject f =
        source(
            "t.Meter",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Meter {
          public record Snap(String name, long[] counts) {}
          public record Copy(long[] counts) {}
          public record Look(long[] counts) {}
          public record Peek(long[] counts) {}
          long[] counts = new long[4];
          @Closure
          public Snap snapshot() {
            return new Snap("m", counts);
          }
          @Closure
          public Copy copy() {
            return new Copy(counts.clone());
          }
          @Closure
          public Look look() {
            return new Look(counts);
          }
          static long caller(Meter m) {
            Snap s = m.snapshot();
            s.counts()[0] = -1;
            Copy c = m.copy();
            c.counts()[0] = -1;
            return s.counts()[1] + c.counts()[1] + m.look().counts()[0];
          }
          @Closure
          public long peek(int i) {
            Peek p = new Peek(counts);
            return p.counts()[i & 3] + new Peek(counts).counts()[0];
          }
          @Closure
          public void wrapped(int i) {
            Peek p = new Peek(counts);
            p.counts()[i & 3] = 9;
            new Peek(counts).counts()[0] = 2;
          }
          static Peek fresh() {
            return new Peek(new long[4]);
          }
          static void fill(Peek p) {
            p.counts()[0] = 1;
          }
          static long own() {
            Snap s = new Snap("x", new long[2]);
            s.counts()[0] = 7;
            return s.counts()[0];
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("holds the array of `t.Meter.counts`")
        .inFile(f)
        .onLineContaining("s.counts()[0] = -1");
    assertThat(c)
        .hadErrorContaining("`t.Meter.counts`, a primitive array held by user data")
        .inFile(f)
        .onLineContaining("p.counts()[i & 3] = 9");
    assertThat(c)
        .hadErrorContaining("`t.Meter.counts`, a primitive array held by user data")
        .inFile(f)
        .onLineContaining("new Peek(counts).counts()[0] = 2");
    assertThat(c).hadErrorCount(3);
  }
}
