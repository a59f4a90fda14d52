package receipts;

import dev.orthrus.annotations.UserData;

/** What a charge made. */
@UserData
public final class Receipt {
  long amount;

  public long amount() {
    return amount;
  }
}
