package shop;

import java.util.ArrayList;
import java.util.List;

/** Ordinary Java with no Orthrus annotation: instrumentation leaves its behaviour as it is. */
public final class Prices {
  private final List<Long> cents = new ArrayList<>();

  void add(long price) {
    cents.add(price);
  }

  long total() {
    long sum = 0;
    for (long c : cents) {
      sum += c;
    }
    return sum;
  }

  public static void main(String[] args) {
    Prices prices = new Prices();
    for (int i = 1; i <= 10; i++) {
      prices.add(i * 100L);
    }
    System.out.println("total " + prices.total());
  }
}
