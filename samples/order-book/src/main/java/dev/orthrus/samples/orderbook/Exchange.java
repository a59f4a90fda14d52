package dev.orthrus.samples.orderbook;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The books of several symbols, safe to call from many threads: each book has its own lock, taken
 * here in the control path around the book's closures, so calls on different symbols run in
 * parallel and calls on one symbol one at a time.
 *
 * <p>Each method calls its closure itself rather than through one helper taking a lambda: a call
 * site per closure and caller is what Orthrus samples and reports.
 */
public final class Exchange {

  private final Map<String, OrderBook> books;

  /**
   * @param indexCapacity the order index capacity of each book, a power of two
   */
  public Exchange(List<String> symbols, int indexCapacity) {
    Map<String, OrderBook> bySymbol = new LinkedHashMap<>();
    for (String symbol : symbols) {
      if (bySymbol.put(symbol, new OrderBook(symbol, indexCapacity)) != null) {
        throw new IllegalArgumentException("duplicate symbol: " + symbol);
      }
    }
    this.books = Map.copyOf(bySymbol);
  }

  public SubmitResult submit(String symbol, OrderRequest request) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.submit(request);
    }
  }

  public boolean cancel(String symbol, long orderId) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.cancel(orderId);
    }
  }

  public OptionalLong bestBid(String symbol) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.bestBid();
    }
  }

  public OptionalLong bestAsk(String symbol) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.bestAsk();
    }
  }

  public List<DepthLevel> depth(String symbol, Side side, int maxLevels) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.depth(side, maxLevels);
    }
  }

  public double vwap(String symbol) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.vwap();
    }
  }

  public double volatility(String symbol) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.volatility();
    }
  }

  public TradeStats tradeStats(String symbol) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.tradeStats();
    }
  }

  public int restingOrders(String symbol) {
    OrderBook book = book(symbol);
    synchronized (book) {
      return book.restingOrders();
    }
  }

  private OrderBook book(String symbol) {
    OrderBook book = books.get(symbol);
    if (book == null) {
      throw new IllegalArgumentException("unknown symbol: " + symbol);
    }
    return book;
  }
}
