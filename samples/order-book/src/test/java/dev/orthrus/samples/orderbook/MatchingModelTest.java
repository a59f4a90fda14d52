package dev.orthrus.samples.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random operations on the sample's book and on {@link ReferenceBook} give the same results. */
class MatchingModelTest {

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void everyResultMatchesTheReferenceBook(long seed) {
    OrderBook book = new OrderBook("T", 16);
    ReferenceBook reference = new ReferenceBook();
    SplittableRandom random = new SplittableRandom(seed);
    List<Long> placed = new ArrayList<>();
    for (int op = 0; op < 20_000; op++) {
      String where = "seed " + seed + ", operation " + op;
      int kind = random.nextInt(10);
      if (kind < 6) {
        Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
        // Prices over a wide range so that the trees hold many levels.
        OrderRequest request =
            random.nextInt(10) == 0
                ? OrderRequest.market(side, 1 + random.nextInt(200))
                : OrderRequest.limit(
                    side,
                    (side == Side.BUY ? 1000 : 1030) + random.nextInt(-60, 60),
                    1 + random.nextInt(50));
        SubmitResult result = book.submit(request);
        assertEquals(reference.submit(request), result, where);
        placed.add(result.orderId());
      } else if (kind < 9 && !placed.isEmpty()) {
        long orderId = placed.get(random.nextInt(placed.size()));
        assertEquals(reference.cancel(orderId), book.cancel(orderId), where);
      } else {
        assertEquals(reference.bestBid(), book.bestBid(), where);
        assertEquals(reference.bestAsk(), book.bestAsk(), where);
      }
      if (op % 500 == 0) {
        assertEquals(reference.depth(Side.BUY, 1000), book.depth(Side.BUY, 1000), where);
        assertEquals(reference.depth(Side.SELL, 1000), book.depth(Side.SELL, 1000), where);
        assertEquals(reference.restingOrders(), book.restingOrders(), where);
      }
    }
  }
}
