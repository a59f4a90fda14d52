package dealer;

import dev.orthrus.annotations.Closure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * A closure whose unseeded generators and shuffle sit in helpers that touch no user data: the
 * helpers still need variants that take their seeds from the log.
 */
public final class Dealer {

  private final Table table = new Table();

  @Closure
  public long deal(int n) {
    long dealt = topCard(n) + roll(n) + split(n);
    table.total = table.total + dealt;
    return table.total;
  }

  private static int topCard(int n) {
    List<Integer> cards = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      cards.add(i);
    }
    Collections.shuffle(cards);
    return cards.get(0);
  }

  private static int roll(int bound) {
    return new Random().nextInt(bound);
  }

  private static int split(int bound) {
    SplittableRandom random = new SplittableRandom();
    return random.nextInt(bound);
  }
}
