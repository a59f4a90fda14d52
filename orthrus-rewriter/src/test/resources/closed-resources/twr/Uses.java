package twr;

import dev.orthrus.annotations.Closure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Scanner;

/** Closures that close user-data resources with try-with-resources, in each of its forms. */
public class Uses {

  /** One resource, the basic statement; the closure declares no exception. */
  @Closure
  static int single(Account a, int k) {
    try (Account r = a) {
      r.balance = r.balance + k;
      return r.balance;
    }
  }

  /** The body throws; close() may throw too, and its exception is then suppressed. */
  @Closure
  static int bodyThrows(Account a, int k) {
    try (Account r = a) {
      r.balance = r.balance + k;
      if (k >= 0) {
        throw new IllegalArgumentException("body at " + r.balance);
      }
      return r.balance;
    }
  }

  /** A resource that may be null: no close(), no NullPointerException. */
  @Closure
  static int maybeNull(Account a, int k) {
    try (Account r = k % 2 == 0 ? null : a) {
      return k + (r == null ? -1 : r.balance);
    }
  }

  /** Two resources, closed in reverse order; the inner one's close() may throw. */
  @Closure
  static int two(Account a, Account b, int k) {
    try (Account first = a;
        Account second = b) {
      first.balance = first.balance + k;
      second.balance = second.balance + 2 * k;
      return first.balance + second.balance;
    }
  }

  /** A resource held in a variable declared before the statement (Java 9). */
  @Closure
  static int declaredBefore(Account a, int k) {
    Account r = a;
    try (r) {
      r.balance = r.balance - k;
      return r.balance;
    }
  }

  /** Catch and finally clauses around the statement, which see close()'s exception. */
  @Closure
  static int extended(Account a, int k) {
    int tried = 0;
    try (Account r = a) {
      tried = 1;
      if (k % 3 == 0) {
        throw new IllegalStateException("body " + k);
      }
      return r.balance + k;
    } catch (IllegalStateException e) {
      return -100 * tried - 10 * e.getSuppressed().length - e.getMessage().length();
    } finally {
      a.tally.closes = a.tally.closes + 1000;
    }
  }

  /** A JDK resource beside a user-data one: the JDK's keeps its statement. */
  @Closure
  static int mixed(Account a, int k) {
    try (Scanner words = new Scanner("3 4 5");
        Account r = a) {
      int sum = 0;
      while (words.hasNextInt()) {
        sum += words.nextInt();
      }
      r.balance = r.balance + sum;
      return r.balance * k;
    }
  }

  /** A close() that declares IOException, in a closure that declares it too. */
  @Closure
  static int journal(Journal j, int k) throws IOException {
    try (Journal r = j) {
      r.lines = r.lines + k;
      return r.lines;
    }
  }

  /** The same statement, its IOException caught by a clause of its own. */
  @Closure
  static int journalCaught(Journal j, int k) {
    try (Journal r = j) {
      r.lines = r.lines + k;
      return r.lines;
    } catch (IOException e) {
      return -e.getMessage().length();
    }
  }

  /** What a call returned or threw, with the exceptions suppressed in it. */
  interface Call {
    int run() throws Exception;
  }

  static String outcome(Call call) {
    try {
      return String.valueOf(call.run());
    } catch (Exception e) {
      List<String> suppressed = new ArrayList<>();
      for (Throwable s : e.getSuppressed()) {
        suppressed.add(s.getClass().getSimpleName() + ": " + s.getMessage());
      }
      return e.getClass().getSimpleName() + ": " + e.getMessage() + " " + suppressed;
    }
  }

  public static List<String> drive(int rounds) {
    Tally tally = new Tally();
    Account plain = new Account(1, tally, false);
    Account failing = new Account(2, tally, true);
    Account other = new Account(3, tally, false);
    Journal journal = new Journal(false);
    Journal failingJournal = new Journal(true);
    List<String> seen = new ArrayList<>();
    for (int i = 0; i < rounds; i++) {
      int k = i % 7 - 1;
      Account a = i % 2 == 0 ? plain : failing;
      Journal j = i % 3 == 0 ? failingJournal : journal;
      seen.add(
          String.join(
              " | ",
              Arrays.asList(
                  outcome(() -> single(plain, k)),
                  outcome(() -> single(a, k)),
                  outcome(() -> bodyThrows(a, k)),
                  outcome(() -> maybeNull(a, k)),
                  outcome(() -> two(plain, other, k)),
                  outcome(() -> two(a, failing, k)),
                  outcome(() -> two(failing, a, k)),
                  outcome(() -> declaredBefore(a, k)),
                  outcome(() -> extended(a, k)),
                  outcome(() -> mixed(a, k)),
                  outcome(() -> journal(j, k)),
                  outcome(() -> journalCaught(j, k)),
                  String.valueOf(tally.order % 1_000_000_007L),
                  String.valueOf(tally.closes))));
    }
    seen.add(plain.balance + " " + failing.balance + " " + other.balance);
    seen.add(journal.lines + " " + journal.closes + " " + failingJournal.closes);
    return seen;
  }
}
