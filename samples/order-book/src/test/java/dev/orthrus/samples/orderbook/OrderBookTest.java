package dev.orthrus.samples.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class OrderBookTest {

  /** Two buckets, so that the index's chains hold several orders. */
  private final OrderBook book = new OrderBook("T", 2);

  @Test
  void matchesTheBestPriceFirstAndWithinAPriceTheEarliestOrder() {
    long first = rest(Side.SELL, 101, 10);
    long second = rest(Side.SELL, 101, 10);
    long better = rest(Side.SELL, 100, 10);

    SubmitResult result = book.submit(OrderRequest.limit(Side.BUY, 101, 25));

    long taker = result.orderId();
    assertEquals(
        List.of(
            new Fill(better, taker, 100, 10),
            new Fill(first, taker, 101, 10),
            new Fill(second, taker, 101, 5)),
        result.fills());
    assertEquals(25, result.filled());
    assertEquals(0, result.resting());
    assertEquals(List.of(new DepthLevel(101, 5, 1)), book.depth(Side.SELL, 10));
  }

  @Test
  void tradesAtTheRestingPriceAndRestsTheUnfilledPartOfALimitOrder() {
    long maker = rest(Side.BUY, 100, 10);

    SubmitResult result = book.submit(OrderRequest.limit(Side.SELL, 98, 15));

    assertEquals(List.of(new Fill(maker, result.orderId(), 100, 10)), result.fills());
    assertEquals(10, result.filled());
    assertEquals(5, result.resting());
    assertEquals(OptionalLong.empty(), book.bestBid());
    assertEquals(OptionalLong.of(98), book.bestAsk());
    assertEquals(List.of(new DepthLevel(98, 5, 1)), book.depth(Side.SELL, 10));
  }

  @Test
  void aPartiallyFilledMakerKeepsItsPlaceInTheQueue() {
    long first = rest(Side.SELL, 100, 10);
    long second = rest(Side.SELL, 100, 10);

    book.submit(OrderRequest.limit(Side.BUY, 100, 4));
    SubmitResult result = book.submit(OrderRequest.limit(Side.BUY, 100, 8));

    long taker = result.orderId();
    assertEquals(
        List.of(new Fill(first, taker, 100, 6), new Fill(second, taker, 100, 2)), result.fills());
    assertEquals(List.of(new DepthLevel(100, 8, 1)), book.depth(Side.SELL, 10));
  }

  @Test
  void aLimitOrderThatDoesNotCrossRestsWithoutTrading() {
    rest(Side.SELL, 100, 10);

    SubmitResult result = book.submit(OrderRequest.limit(Side.BUY, 99, 10));

    assertEquals(List.of(), result.fills());
    assertEquals(10, result.resting());
    assertEquals(OptionalLong.of(99), book.bestBid());
    assertEquals(OptionalLong.of(100), book.bestAsk());
    assertEquals(2, book.restingOrders());
  }

  @Test
  void aMarketOrderSweepsLevelsAndDropsWhatItCannotFill() {
    long low = rest(Side.SELL, 100, 5);
    long high = rest(Side.SELL, 130, 5);

    SubmitResult result = book.submit(OrderRequest.market(Side.BUY, 12));

    long taker = result.orderId();
    assertEquals(
        List.of(new Fill(low, taker, 100, 5), new Fill(high, taker, 130, 5)), result.fills());
    assertEquals(10, result.filled());
    assertEquals(0, result.resting());
    assertEquals(OptionalLong.empty(), book.bestAsk());
    assertEquals(OptionalLong.empty(), book.bestBid());
    assertEquals(0, book.restingOrders());
  }

  @Test
  void cancelRemovesARestingOrderOnceAndMatchingSkipsIt() {
    long first = rest(Side.SELL, 100, 10);
    long second = rest(Side.SELL, 100, 10);

    assertTrue(book.cancel(first));
    assertFalse(book.cancel(first));
    assertEquals(List.of(new DepthLevel(100, 10, 1)), book.depth(Side.SELL, 10));

    SubmitResult result = book.submit(OrderRequest.limit(Side.BUY, 100, 10));
    assertEquals(List.of(new Fill(second, result.orderId(), 100, 10)), result.fills());
    assertFalse(book.cancel(second), "a filled order is no longer resting");
    assertFalse(book.cancel(result.orderId()), "a fully matched taker never rested");
    assertFalse(book.cancel(12345));
    assertEquals(0, book.restingOrders());
  }

  @Test
  void cancellingTheLastOrderOfALevelLetsLaterOrdersQueueBehindTheOthers() {
    long a = rest(Side.BUY, 100, 1);
    long b = rest(Side.BUY, 100, 2);
    long c = rest(Side.BUY, 100, 3);

    assertTrue(book.cancel(c));
    assertTrue(book.cancel(a));
    long d = rest(Side.BUY, 100, 4);

    SubmitResult result = book.submit(OrderRequest.market(Side.SELL, 100));
    long taker = result.orderId();
    assertEquals(List.of(new Fill(b, taker, 100, 2), new Fill(d, taker, 100, 4)), result.fills());
  }

  @Test
  void cancellingTheOnlyOrderOfALevelRemovesTheLevel() {
    rest(Side.BUY, 99, 1);
    long only = rest(Side.BUY, 100, 1);
    rest(Side.BUY, 101, 1);

    assertTrue(book.cancel(only));

    assertEquals(
        List.of(new DepthLevel(101, 1, 1), new DepthLevel(99, 1, 1)), book.depth(Side.BUY, 10));
  }

  @Test
  void depthListsTheBestLevelsFirstOnEachSide() {
    for (long price : new long[] {105, 101, 109, 103, 107}) {
      rest(Side.SELL, price, 1);
      rest(Side.BUY, price - 10, 2);
    }

    assertEquals(
        List.of(new DepthLevel(101, 1, 1), new DepthLevel(103, 1, 1), new DepthLevel(105, 1, 1)),
        book.depth(Side.SELL, 3));
    assertEquals(
        List.of(new DepthLevel(99, 2, 1), new DepthLevel(97, 2, 1)), book.depth(Side.BUY, 2));
    assertEquals(List.of(), book.depth(Side.BUY, 0));
    assertThrows(IllegalArgumentException.class, () -> book.depth(Side.BUY, -1));
  }

  @Test
  void resultsAreSnapshotsTheBookDoesNotChangeLater() {
    rest(Side.SELL, 100, 10);
    List<DepthLevel> before = book.depth(Side.SELL, 10);

    book.submit(OrderRequest.limit(Side.BUY, 100, 3));

    assertEquals(List.of(new DepthLevel(100, 10, 1)), before);
    assertThrows(UnsupportedOperationException.class, () -> before.add(null));
  }

  @Test
  void requestsAreCheckedBeforeTheyReachTheBook() {
    assertThrows(IllegalArgumentException.class, () -> OrderRequest.limit(Side.BUY, 100, 0));
    assertThrows(IllegalArgumentException.class, () -> OrderRequest.limit(Side.BUY, 0, 1));
    assertThrows(
        IllegalArgumentException.class, () -> new OrderRequest(Side.BUY, OrderType.MARKET, 100, 1));
    assertThrows(IllegalArgumentException.class, () -> new OrderBook("T", 3));
  }

  private long rest(Side side, long priceTicks, long quantity) {
    SubmitResult result = book.submit(OrderRequest.limit(side, priceTicks, quantity));
    assertEquals(quantity, result.resting(), "the order was meant to rest without trading");
    return result.orderId();
  }
}
