package dev.orthrus.samples.orderbook;

import java.util.List;

/**
 * What became of a submitted order.
 *
 * @param orderId the id the book gave the order; a cancel names it
 * @param filled the quantity traded on arrival
 * @param resting the quantity left in the book (0 for a market order)
 * @param fills the trades, in the order they happened
 */
public record SubmitResult(long orderId, long filled, long resting, List<Fill> fills) {}
