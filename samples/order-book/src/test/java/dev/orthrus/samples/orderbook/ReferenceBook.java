package dev.orthrus.samples.orderbook;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The same matching rules written the obvious way with JDK collections, to check the sample's
 * hand-written trees and lists against.
 */
final class ReferenceBook {

  /** Each side ordered best price first; a queue entry is {order id, remaining quantity}. */
  private final TreeMap<Long, ArrayDeque<long[]>> bids = new TreeMap<>(Comparator.reverseOrder());

  private final TreeMap<Long, ArrayDeque<long[]>> asks = new TreeMap<>();

  /** Resting order id to its price and side. */
  private final Map<Long, long[]> resting = new HashMap<>();

  private long lastOrderId;

  SubmitResult submit(OrderRequest request) {
    long orderId = ++lastOrderId;
    boolean buy = request.side() == Side.BUY;
    boolean limit = request.type() == OrderType.LIMIT;
    TreeMap<Long, ArrayDeque<long[]>> opposite = buy ? asks : bids;
    long remaining = request.quantity();
    List<Fill> fills = new ArrayList<>();
    while (remaining > 0 && !opposite.isEmpty()) {
      long price = opposite.firstKey();
      if (limit && (buy ? price > request.priceTicks() : price < request.priceTicks())) {
        break;
      }
      ArrayDeque<long[]> queue = opposite.get(price);
      while (remaining > 0 && !queue.isEmpty()) {
        long[] maker = queue.peekFirst();
        long traded = Math.min(remaining, maker[1]);
        maker[1] -= traded;
        remaining -= traded;
        fills.add(new Fill(maker[0], orderId, price, traded));
        if (maker[1] == 0) {
          queue.pollFirst();
          resting.remove(maker[0]);
        }
      }
      if (queue.isEmpty()) {
        opposite.remove(price);
      }
    }
    long rested = 0;
    if (remaining > 0 && limit) {
      (buy ? bids : asks)
          .computeIfAbsent(request.priceTicks(), p -> new ArrayDeque<>())
          .addLast(new long[] {orderId, remaining});
      resting.put(orderId, new long[] {request.priceTicks(), buy ? 1 : 0});
      rested = remaining;
    }
    return new SubmitResult(orderId, request.quantity() - remaining, rested, fills);
  }

  boolean cancel(long orderId) {
    long[] order = resting.remove(orderId);
    if (order == null) {
      return false;
    }
    TreeMap<Long, ArrayDeque<long[]>> side = order[1] == 1 ? bids : asks;
    ArrayDeque<long[]> queue = side.get(order[0]);
    queue.removeIf(o -> o[0] == orderId);
    if (queue.isEmpty()) {
      side.remove(order[0]);
    }
    return true;
  }

  OptionalLong bestBid() {
    return bids.isEmpty() ? OptionalLong.empty() : OptionalLong.of(bids.firstKey());
  }

  OptionalLong bestAsk() {
    return asks.isEmpty() ? OptionalLong.empty() : OptionalLong.of(asks.firstKey());
  }

  List<DepthLevel> depth(Side side, int maxLevels) {
    List<DepthLevel> levels = new ArrayList<>();
    for (Map.Entry<Long, ArrayDeque<long[]>> level : (side == Side.BUY ? bids : asks).entrySet()) {
      if (levels.size() == maxLevels) {
        break;
      }
      long quantity = 0;
      for (long[] order : level.getValue()) {
        quantity += order[1];
      }
      levels.add(new DepthLevel(level.getKey(), quantity, level.getValue().size()));
    }
    return levels;
  }

  int restingOrders() {
    return resting.size();
  }
}
