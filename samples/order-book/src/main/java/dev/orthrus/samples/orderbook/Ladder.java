package dev.orthrus.samples.orderbook;

import dev.orthrus.annotations.UserData;

/** The roots of the two price trees of one symbol, and the last order id it handed out. */
@UserData
public final class Ladder {
  PriceLevel bids;
  PriceLevel asks;
  long lastOrderId;
}
