package dev.orthrus.samples.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TradeStatsTest {

  private final OrderBook book = new OrderBook("T", 64);

  @Test
  void statisticsAreZeroBeforeThereAreEnoughTrades() {
    assertEquals(new TradeStats(0, 0, 0.0, 0, 0.0, 0.0), book.tradeStats());
    assertEquals(0.0, book.vwap());

    trade(100, 2);
    trade(110, 2);

    TradeStats stats = book.tradeStats();
    assertEquals(105.0, stats.vwap());
    assertEquals(50.0, stats.priceVariance(), 1e-12);
    assertEquals(0.0, stats.volatility(), "one return has no deviation");
  }

  @Test
  void smallExampleByHand() {
    trade(100, 1);
    trade(110, 3);
    trade(99, 4);

    TradeStats stats = book.tradeStats();
    assertEquals(3, stats.trades());
    assertEquals(8, stats.volume());
    assertEquals(99, stats.lastPriceTicks());
    assertEquals((100 + 330 + 396) / 8.0, stats.vwap(), 1e-12);
    // Prices 100, 110, 99: mean 103, squared deviations 9 + 49 + 16.
    assertEquals(74.0 / 2, stats.priceVariance(), 1e-12);
    double up = Math.log(1.1);
    double down = Math.log(0.9);
    assertEquals(Math.abs(up - down) / Math.sqrt(2), stats.volatility(), 1e-12);
    assertEquals(stats.vwap(), book.vwap());
    assertEquals(stats.volatility(), book.volatility());
  }

  @Test
  void runningStatisticsAgreeWithATwoPassRecomputationOverManyTrades() {
    SplittableRandom random = new SplittableRandom(7);
    List<Fill> fills = new ArrayList<>();
    long mid = 5000;
    for (int i = 0; i < 20_000; i++) {
      mid += random.nextInt(-2, 3);
      Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
      long price = mid + random.nextInt(-5, 6);
      fills.addAll(book.submit(OrderRequest.limit(side, price, 1 + random.nextInt(100))).fills());
    }

    long volume = 0;
    long notional = 0;
    double priceSum = 0;
    for (Fill fill : fills) {
      volume += fill.quantity();
      notional += fill.priceTicks() * fill.quantity();
      priceSum += fill.priceTicks();
    }
    double meanPrice = priceSum / fills.size();
    double squares = 0;
    for (Fill fill : fills) {
      squares += (fill.priceTicks() - meanPrice) * (fill.priceTicks() - meanPrice);
    }
    List<Double> returns = new ArrayList<>();
    for (int i = 1; i < fills.size(); i++) {
      returns.add(Math.log((double) fills.get(i).priceTicks() / fills.get(i - 1).priceTicks()));
    }
    double meanReturn = returns.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double returnSquares = 0;
    for (double r : returns) {
      returnSquares += (r - meanReturn) * (r - meanReturn);
    }

    TradeStats stats = book.tradeStats();
    assertEquals(fills.size(), stats.trades());
    assertEquals(volume, stats.volume());
    assertEquals(fills.get(fills.size() - 1).priceTicks(), stats.lastPriceTicks());
    assertEquals((double) notional / volume, stats.vwap(), 1e-9);
    double variance = squares / (fills.size() - 1);
    assertEquals(variance, stats.priceVariance(), variance * 1e-9);
    double volatility = Math.sqrt(returnSquares / (returns.size() - 1));
    assertEquals(volatility, stats.volatility(), volatility * 1e-9);
  }

  /** Makes exactly one trade of {@code quantity} at {@code priceTicks}. */
  private void trade(long priceTicks, long quantity) {
    book.submit(OrderRequest.limit(Side.SELL, priceTicks, quantity));
    List<Fill> fills = book.submit(OrderRequest.limit(Side.BUY, priceTicks, quantity)).fills();
    assertEquals(1, fills.size());
  }
}
