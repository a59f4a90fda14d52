package dev.orthrus.samples.orderbook;

import java.util.Objects;

/**
 * An order as a client sends it. A market order carries no price ({@code priceTicks} is 0).
 *
 * @param priceTicks the limit price in ticks, positive for a limit order
 * @param quantity how many units, positive
 */
public record OrderRequest(Side side, OrderType type, long priceTicks, long quantity) {

  public OrderRequest {
    Objects.requireNonNull(side, "side");
    Objects.requireNonNull(type, "type");
    if (quantity <= 0) {
      throw new IllegalArgumentException("quantity must be positive: " + quantity);
    }
    if (type == OrderType.LIMIT && priceTicks <= 0) {
      throw new IllegalArgumentException("a limit price must be positive: " + priceTicks);
    }
    if (type == OrderType.MARKET && priceTicks != 0) {
      throw new IllegalArgumentException("a market order has no price: " + priceTicks);
    }
  }

  public static OrderRequest limit(Side side, long priceTicks, long quantity) {
    return new OrderRequest(side, OrderType.LIMIT, priceTicks, quantity);
  }

  public static OrderRequest market(Side side, long quantity) {
    return new OrderRequest(side, OrderType.MARKET, 0, quantity);
  }
}
