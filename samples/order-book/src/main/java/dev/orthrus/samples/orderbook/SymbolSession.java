package dev.orthrus.samples.orderbook;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * The randomized operations on one symbol: submits around a drifting mid price, cancels of orders
 * it placed before, and reads. Every operation and its result become one line, and the lines feed a
 * CRC, so two runs agree exactly when every result agrees bit for bit (doubles are written in
 * hexadecimal). The stream depends only on the seed, never on timing or on other symbols.
 */
final class SymbolSession {

  private static final long START_MID_TICKS = 10_000;
  private static final long MIN_MID_TICKS = 100;

  private final Exchange exchange;
  private final String symbol;
  private final SplittableRandom random;
  private final int operations;
  private final CRC32 crc = new CRC32();
  private final List<String> trace;

  /** Ids of orders that rested when placed; some have been filled since, so a cancel may fail. */
  private final List<Long> cancellable = new ArrayList<>();

  private long midTicks = START_MID_TICKS;
  private int done;

  SymbolSession(Exchange exchange, String symbol, long seed, int operations, boolean trace) {
    this.exchange = exchange;
    this.symbol = symbol;
    this.random = new SplittableRandom(seed);
    this.operations = operations;
    this.trace = trace ? new ArrayList<>() : null;
  }

  boolean finished() {
    return done == operations;
  }

  /** Runs the next operation. */
  void step() {
    if (random.nextInt(10) == 0) {
      midTicks = Math.max(MIN_MID_TICKS, midTicks + (random.nextBoolean() ? 1 : -1));
    }
    int kind = random.nextInt(100);
    String line;
    if (kind < 50) {
      line = submitLimit();
    } else if (kind < 58) {
      line = submitMarket();
    } else if (kind < 83) {
      line = cancel();
    } else {
      line = query();
    }
    record(symbol + " " + done + " " + line);
    done++;
  }

  /** The lines of every operation, when tracing. */
  List<String> trace() {
    return trace == null ? List.of() : trace;
  }

  /**
   * Reads the book's final statistics into the CRC, once all operations ran, and returns one line
   * with the final state and the CRC.
   */
  String finish() {
    TradeStats stats = exchange.tradeStats(symbol);
    record(symbol + " final " + format(stats));
    return String.format(
        Locale.ROOT,
        "%s ops=%d trades=%d volume=%d resting=%d bid=%s ask=%s vwap=%.6f volatility=%.9f crc=%08x",
        symbol,
        operations,
        stats.trades(),
        stats.volume(),
        exchange.restingOrders(symbol),
        format(exchange.bestBid(symbol)),
        format(exchange.bestAsk(symbol)),
        stats.vwap(),
        stats.volatility(),
        crc.getValue());
  }

  private String submitLimit() {
    Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
    // Buyers bid a little below the mid and sellers ask a little above, with an overlap so that
    // some orders cross the spread and trade.
    long offset = random.nextInt(-3, 11);
    long price = side == Side.BUY ? midTicks - offset : midTicks + offset;
    OrderRequest request = OrderRequest.limit(side, price, 1 + random.nextInt(100));
    SubmitResult result = exchange.submit(symbol, request);
    if (result.resting() > 0) {
      cancellable.add(result.orderId());
    }
    return format(request) + " -> " + format(result);
  }

  private String submitMarket() {
    Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
    OrderRequest request = OrderRequest.market(side, 1 + random.nextInt(150));
    return format(request) + " -> " + format(exchange.submit(symbol, request));
  }

  private String cancel() {
    long orderId;
    if (cancellable.isEmpty() || random.nextInt(20) == 0) {
      orderId = 1 + random.nextLong(2L * done + 1); // often unknown or already gone
    } else {
      int i = random.nextInt(cancellable.size());
      orderId = cancellable.get(i);
      cancellable.set(i, cancellable.get(cancellable.size() - 1));
      cancellable.remove(cancellable.size() - 1);
    }
    return "cancel " + orderId + " -> " + exchange.cancel(symbol, orderId);
  }

  private String query() {
    return switch (random.nextInt(6)) {
      case 0 -> "bestBid -> " + format(exchange.bestBid(symbol));
      case 1 -> "bestAsk -> " + format(exchange.bestAsk(symbol));
      case 2 -> {
        Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
        yield "depth " + side + " 5 -> " + format(exchange.depth(symbol, side, 5));
      }
      case 3 -> "vwap -> " + Double.toHexString(exchange.vwap(symbol));
      case 4 -> "volatility -> " + Double.toHexString(exchange.volatility(symbol));
      default -> "stats -> " + format(exchange.tradeStats(symbol));
    };
  }

  private void record(String line) {
    crc.update(line.getBytes(StandardCharsets.UTF_8));
    crc.update('\n');
    if (trace != null) {
      trace.add(line);
    }
  }

  private static String format(OrderRequest request) {
    String price = request.type() == OrderType.LIMIT ? request.priceTicks() + "x" : "x";
    return "submit " + request.side() + " " + request.type() + " " + price + request.quantity();
  }

  private static String format(SubmitResult result) {
    StringBuilder line =
        new StringBuilder()
            .append("id=")
            .append(result.orderId())
            .append(" filled=")
            .append(result.filled())
            .append(" resting=")
            .append(result.resting())
            .append(" fills=[");
    for (Fill fill : result.fills()) {
      if (line.charAt(line.length() - 1) != '[') {
        line.append(',');
      }
      line.append(fill.makerOrderId())
          .append(':')
          .append(fill.priceTicks())
          .append('x')
          .append(fill.quantity());
    }
    return line.append(']').toString();
  }

  private static String format(List<DepthLevel> levels) {
    StringBuilder line = new StringBuilder("[");
    for (DepthLevel level : levels) {
      if (line.length() > 1) {
        line.append(',');
      }
      line.append(level.priceTicks())
          .append('x')
          .append(level.quantity())
          .append('/')
          .append(level.orders());
    }
    return line.append(']').toString();
  }

  private static String format(TradeStats stats) {
    return "trades="
        + stats.trades()
        + " volume="
        + stats.volume()
        + " vwap="
        + Double.toHexString(stats.vwap())
        + " last="
        + stats.lastPriceTicks()
        + " variance="
        + Double.toHexString(stats.priceVariance())
        + " volatility="
        + Double.toHexString(stats.volatility());
  }

  private static String format(OptionalLong price) {
    return price.isPresent() ? Long.toString(price.getAsLong()) : "none";
  }
}
