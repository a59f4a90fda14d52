package dev.orthrus.samples.orderbook;

/** One price level as the market data shows it. */
public record DepthLevel(long priceTicks, long quantity, int orders) {}
