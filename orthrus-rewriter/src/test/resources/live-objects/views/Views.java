package views;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * User data that holds, through a field declared with an interface or {@code Object}, a JDK
 * object the program keeps changing: a read-only view of a list it adds to, a {@code StringBuilder}
 * it appends to, a record with such a list, handed in through constructors. The closures only read
 * them; the build cannot see what the constructors are given.
 */
public final class Views {

  private Views() {}

  @UserData
  public static class View {
    final List<String> names;
    int pos;
    long seen;

    public View(List<String> names) {
      this.names = names;
    }

    @Closure
    public int remaining() {
      int n = names.size() - pos;
      seen += n;
      pos++;
      return n;
    }
  }

  @UserData
  public static class Text {
    final CharSequence input;
    int pos;

    public Text(CharSequence input) {
      this.input = input;
    }

    @Closure
    public int available() {
      int n = input.length() - pos;
      pos++;
      return n;
    }
  }

  public record Entry(String key, List<String> tags) {}

  @UserData
  public static class Tagged {
    Entry entry;
    Object payload;
    long total;

    public Tagged(Entry entry, Object payload) {
      this.entry = entry;
      this.payload = payload;
    }

    @Closure
    public long weigh() {
      List<String> tags = entry.tags();
      int n = 0;
      for (String t : tags) {
        n += t.length();
      }
      total += n * 31L + (payload instanceof CharSequence text ? text.length() : 0);
      return total;
    }
  }

  /** A plain class of the program, whose object the control path changes after a closure kept it. */
  public static final class Counter {
    public long v;
  }

  @UserData
  public static class Holder {
    Counter held;

    @Closure
    public long swap(long start) {
      Counter fresh = new Counter();
      held = fresh;
      return start;
    }
  }

  /** Values that cannot change, in the same fields: every execution is validated. */
  public static String steady(int rounds) {
    View view = new View(List.copyOf(List.of("a", "b", "c")));
    Text text = new Text("abcdef");
    Tagged tagged = new Tagged(new Entry("k", List.of("x", "y")), "payload");
    long sum = 0;
    for (int i = 0; i < rounds; i++) {
      sum = sum * 31 + view.remaining() + text.available() + tagged.weigh();
    }
    return Long.toString(sum);
  }

  /** The program changes what the fields hold between the closures' calls. */
  public static String changing(int rounds) {
    List<String> backing = new ArrayList<>();
    StringBuilder buffer = new StringBuilder();
    List<String> tags = new ArrayList<>();
    StringBuilder payload = new StringBuilder();
    View view = new View(Collections.unmodifiableList(backing));
    Text text = new Text(buffer);
    Tagged tagged = new Tagged(new Entry("k", tags), payload);
    Holder holder = new Holder();
    long sum = 0;
    for (int i = 0; i < rounds; i++) {
      sum += holder.swap(i);
      holder.held.v += i;
      backing.add("n" + i);
      backing.add("m" + i);
      buffer.append("xy");
      tags.add("t" + i);
      payload.append('p');
      sum = sum * 31 + view.remaining() + text.available() + tagged.weigh();
    }
    return Long.toString(sum);
  }
}
