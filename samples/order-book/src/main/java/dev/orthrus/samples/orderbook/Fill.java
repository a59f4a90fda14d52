package dev.orthrus.samples.orderbook;

/**
 * One trade: the incoming (taker) order met a resting (maker) order at the maker's price.
 *
 * @param makerOrderId the resting order
 * @param takerOrderId the incoming order
 */
public record Fill(long makerOrderId, long takerOrderId, long priceTicks, long quantity) {}
