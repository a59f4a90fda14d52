package dev.orthrus.samples.orderbook;

/**
 * The trade statistics of one symbol at one moment. Values that need more trades than there were
 * are 0.
 *
 * @param vwap the volume-weighted average price, in ticks
 * @param priceVariance the sample variance of the trade prices, in ticks squared
 * @param volatility the sample standard deviation of the log returns between consecutive trades
 */
public record TradeStats(
    long trades,
    long volume,
    double vwap,
    long lastPriceTicks,
    double priceVariance,
    double volatility) {}
