package dev.orthrus.samples.orderbook;

import dev.orthrus.annotations.Closure;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The limit order book of one symbol. Orders are matched on arrival by price-time priority: an
 * incoming order trades with the best opposite price first and, within a price, with the order that
 * arrived first, at the resting order's price. What a limit order cannot match rests in the book.
 *
 * <p>Submitting, cancelling and the market-data reads are Orthrus closures; {@link
 * #restingOrders()} is a control-path read. The book is not thread-safe by itself ({@link Exchange}
 * serializes the calls on one book).
 */
public final class OrderBook {

  private final String symbol;
  private final Ladder ladder;
  private final OrderIndex index;
  private final Stats stats;

  /**
   * @param indexCapacity the number of buckets of the order index, a power of two; more resting
   *     orders than buckets only make the chains longer
   */
  public OrderBook(String symbol, int indexCapacity) {
    if (Integer.bitCount(indexCapacity) != 1) {
      throw new IllegalArgumentException("index capacity must be a power of two: " + indexCapacity);
    }
    this.symbol = symbol;
    this.ladder = new Ladder();
    this.index = new OrderIndex(indexCapacity);
    this.stats = new Stats();
  }

  public String symbol() {
    return symbol;
  }

  /** Matches {@code request} against the book and rests what a limit order could not match. */
  @Closure
  public SubmitResult submit(OrderRequest request) {
    long orderId = ++ladder.lastOrderId;
    boolean buy = request.side() == Side.BUY;
    long remaining = request.quantity();
    List<Fill> fills = new ArrayList<>();
    while (remaining > 0) {
      PriceLevel best = buy ? lowest(ladder.asks) : highest(ladder.bids);
      if (best == null || !crosses(request, best.priceTicks)) {
        break;
      }
      remaining = take(best, orderId, remaining, fills);
      if (best.head == null) {
        if (buy) {
          ladder.asks = removeLevel(ladder.asks, best.priceTicks);
        } else {
          ladder.bids = removeLevel(ladder.bids, best.priceTicks);
        }
      }
    }
    long resting = 0;
    if (remaining > 0 && request.type() == OrderType.LIMIT) {
      rest(orderId, buy, request.priceTicks(), remaining);
      resting = remaining;
    }
    return new SubmitResult(orderId, request.quantity() - remaining, resting, List.copyOf(fills));
  }

  /**
   * Removes the resting order {@code orderId}; returns false when no such order rests (it never
   * existed, was filled or was cancelled already).
   */
  @Closure
  public boolean cancel(long orderId) {
    Order order = unindex(orderId);
    if (order == null) {
      return false;
    }
    PriceLevel level = find(order.buy ? ladder.bids : ladder.asks, order.priceTicks);
    Order previous = null;
    for (Order o = level.head; o != order; o = o.next) {
      previous = o;
    }
    if (previous == null) {
      level.head = order.next;
    } else {
      previous.next = order.next;
    }
    if (level.tail == order) {
      level.tail = previous;
    }
    level.quantity -= order.remaining;
    level.orders--;
    if (level.head == null) {
      if (order.buy) {
        ladder.bids = removeLevel(ladder.bids, order.priceTicks);
      } else {
        ladder.asks = removeLevel(ladder.asks, order.priceTicks);
      }
    }
    return true;
  }

  /** The highest bid price, if any order rests on the buy side. */
  @Closure
  public OptionalLong bestBid() {
    PriceLevel best = highest(ladder.bids);
    return best == null ? OptionalLong.empty() : OptionalLong.of(best.priceTicks);
  }

  /** The lowest ask price, if any order rests on the sell side. */
  @Closure
  public OptionalLong bestAsk() {
    PriceLevel best = lowest(ladder.asks);
    return best == null ? OptionalLong.empty() : OptionalLong.of(best.priceTicks);
  }

  /** The best {@code maxLevels} prices of one side, best first. */
  @Closure
  public List<DepthLevel> depth(Side side, int maxLevels) {
    if (maxLevels < 0) {
      throw new IllegalArgumentException("maxLevels must not be negative: " + maxLevels);
    }
    List<DepthLevel> levels = new ArrayList<>();
    if (side == Side.BUY) {
      collectDescending(ladder.bids, maxLevels, levels);
    } else {
      collectAscending(ladder.asks, maxLevels, levels);
    }
    return List.copyOf(levels);
  }

  /** The volume-weighted average trade price in ticks; 0 before the first trade. */
  @Closure
  public double vwap() {
    return currentVwap();
  }

  /** The sample standard deviation of log returns between trades; 0 before the third trade. */
  @Closure
  public double volatility() {
    return currentVolatility();
  }

  @Closure
  public TradeStats tradeStats() {
    double priceVariance = stats.trades > 1 ? stats.priceM2 / (stats.trades - 1) : 0.0;
    return new TradeStats(
        stats.trades,
        stats.volume,
        currentVwap(),
        stats.lastPriceTicks,
        priceVariance,
        currentVolatility());
  }

  /** The number of resting orders, read in the control path (not validated). */
  public int restingOrders() {
    return index.size;
  }

  private double currentVwap() {
    return stats.volume == 0 ? 0.0 : stats.notional / stats.volume;
  }

  private double currentVolatility() {
    return stats.returns > 1 ? StrictMath.sqrt(stats.returnM2 / (stats.returns - 1)) : 0.0;
  }

  private static boolean crosses(OrderRequest request, long restingPriceTicks) {
    if (request.type() == OrderType.MARKET) {
      return true;
    }
    return request.side() == Side.BUY
        ? restingPriceTicks <= request.priceTicks()
        : restingPriceTicks >= request.priceTicks();
  }

  /** Trades {@code quantity} against the level's orders in arrival order; returns what is left. */
  private long take(PriceLevel level, long takerId, long quantity, List<Fill> fills) {
    long remaining = quantity;
    while (remaining > 0 && level.head != null) {
      Order maker = level.head;
      long traded = Math.min(remaining, maker.remaining);
      maker.remaining -= traded;
      level.quantity -= traded;
      remaining -= traded;
      recordTrade(level.priceTicks, traded);
      fills.add(new Fill(maker.id, takerId, level.priceTicks, traded));
      if (maker.remaining == 0) {
        level.head = maker.next;
        if (level.head == null) {
          level.tail = null;
        }
        level.orders--;
        unindex(maker.id);
      }
    }
    return remaining;
  }

  private void rest(long orderId, boolean buy, long priceTicks, long quantity) {
    int slot = slot(orderId);
    Order order = new Order(orderId, buy, priceTicks, quantity, index.buckets[slot]);
    index.buckets[slot] = order;
    index.size++;
    PriceLevel level = find(buy ? ladder.bids : ladder.asks, priceTicks);
    if (level == null) {
      level = new PriceLevel(priceTicks, priority(priceTicks));
      if (buy) {
        ladder.bids = insert(ladder.bids, level);
      } else {
        ladder.asks = insert(ladder.asks, level);
      }
    }
    if (level.tail == null) {
      level.head = order;
    } else {
      level.tail.next = order;
    }
    level.tail = order;
    level.quantity += quantity;
    level.orders++;
  }

  private void recordTrade(long priceTicks, long quantity) {
    double price = priceTicks;
    stats.trades++;
    stats.volume += quantity;
    stats.notional += price * quantity;
    double delta = price - stats.meanPrice;
    stats.meanPrice += delta / stats.trades;
    stats.priceM2 += delta * (price - stats.meanPrice);
    if (stats.lastPriceTicks != 0) {
      double logReturn = StrictMath.log(price / stats.lastPriceTicks);
      stats.returns++;
      double deltaReturn = logReturn - stats.meanReturn;
      stats.meanReturn += deltaReturn / stats.returns;
      stats.returnM2 += deltaReturn * (logReturn - stats.meanReturn);
    }
    stats.lastPriceTicks = priceTicks;
  }

  /** Removes the order {@code orderId} from the index and returns it, or null. */
  private Order unindex(long orderId) {
    int slot = slot(orderId);
    Order previous = null;
    for (Order order = index.buckets[slot]; order != null; order = order.nextInBucket) {
      if (order.id == orderId) {
        if (previous == null) {
          index.buckets[slot] = order.nextInBucket;
        } else {
          previous.nextInBucket = order.nextInBucket;
        }
        index.size--;
        return order;
      }
      previous = order;
    }
    return null;
  }

  private int slot(long orderId) {
    return (int) (mix(orderId) & (index.buckets.length - 1));
  }

  private static PriceLevel find(PriceLevel root, long priceTicks) {
    PriceLevel node = root;
    while (node != null && node.priceTicks != priceTicks) {
      node = priceTicks < node.priceTicks ? node.left : node.right;
    }
    return node;
  }

  private static PriceLevel lowest(PriceLevel root) {
    if (root == null) {
      return null;
    }
    PriceLevel node = root;
    while (node.left != null) {
      node = node.left;
    }
    return node;
  }

  private static PriceLevel highest(PriceLevel root) {
    if (root == null) {
      return null;
    }
    PriceLevel node = root;
    while (node.right != null) {
      node = node.right;
    }
    return node;
  }

  /** Inserts {@code fresh} below {@code node}; returns the subtree's new root. */
  private static PriceLevel insert(PriceLevel node, PriceLevel fresh) {
    if (node == null) {
      return fresh;
    }
    if (fresh.priceTicks < node.priceTicks) {
      node.left = insert(node.left, fresh);
      if (node.left.priority > node.priority) {
        PriceLevel child = node.left;
        node.left = child.right;
        child.right = node;
        return child;
      }
    } else {
      node.right = insert(node.right, fresh);
      if (node.right.priority > node.priority) {
        PriceLevel child = node.right;
        node.right = child.left;
        child.left = node;
        return child;
      }
    }
    return node;
  }

  /** Removes the level at {@code priceTicks} below {@code node}; returns the subtree's new root. */
  private static PriceLevel removeLevel(PriceLevel node, long priceTicks) {
    if (node == null) {
      return null;
    }
    if (priceTicks < node.priceTicks) {
      node.left = removeLevel(node.left, priceTicks);
    } else if (priceTicks > node.priceTicks) {
      node.right = removeLevel(node.right, priceTicks);
    } else {
      return merge(node.left, node.right);
    }
    return node;
  }

  /** Joins two treaps where every price of {@code low} is below every price of {@code high}. */
  private static PriceLevel merge(PriceLevel low, PriceLevel high) {
    if (low == null) {
      return high;
    }
    if (high == null) {
      return low;
    }
    if (low.priority > high.priority) {
      low.right = merge(low.right, high);
      return low;
    }
    high.left = merge(low, high.left);
    return high;
  }

  private static void collectAscending(PriceLevel node, int maxLevels, List<DepthLevel> out) {
    if (node == null || out.size() >= maxLevels) {
      return;
    }
    collectAscending(node.left, maxLevels, out);
    if (out.size() < maxLevels) {
      out.add(new DepthLevel(node.priceTicks, node.quantity, node.orders));
    }
    collectAscending(node.right, maxLevels, out);
  }

  private static void collectDescending(PriceLevel node, int maxLevels, List<DepthLevel> out) {
    if (node == null || out.size() >= maxLevels) {
      return;
    }
    collectDescending(node.right, maxLevels, out);
    if (out.size() < maxLevels) {
      out.add(new DepthLevel(node.priceTicks, node.quantity, node.orders));
    }
    collectDescending(node.left, maxLevels, out);
  }

  private static int priority(long priceTicks) {
    return (int) (mix(priceTicks) >>> 32);
  }

  /** SplitMix64's finalizer: spreads nearby ids and prices over all bits. */
  private static long mix(long value) {
    long z = value + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
