package dev.orthrus.samples.orderbook;

import dev.orthrus.annotations.UserData;

/**
 * Running trade statistics of one symbol. Prices are in ticks. The variances are kept with
 * Welford's algorithm (a running mean and sum of squared deviations), which stays accurate over
 * long runs where the textbook sum of squares would cancel catastrophically.
 */
@UserData
public final class Stats {
  long trades;
  long volume;

  /** The sum of price times quantity over all trades, for the VWAP. */
  double notional;

  long lastPriceTicks;

  double meanPrice;
  double priceM2;

  /** Log returns between consecutive trades, for the volatility. */
  long returns;

  double meanReturn;
  double returnM2;
}
