package stock;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public final class Item {
  int qty;

  public Item(int qty) {
    this.qty = qty;
  }

  /** Strategies whose constant bodies read and write user data, or do not touch it. */
  public enum Policy {
    DRAIN {
      @Override
      int take(Item it, int want) {
        int got = Math.min(it.qty, want);
        it.qty = it.qty - got;
        return got;
      }
    },
    HALF {
      @Override
      int take(Item it, int want) {
        int got = Math.min(it.qty / 2, want);
        it.qty -= got;
        return got;
      }

      @Override
      String label() {
        return "half";
      }
    },
    NONE {
      @Override
      int take(Item it, int want) {
        return 0;
      }
    };

    abstract int take(Item it, int want);

    String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  @Closure
  public int take(int want, Policy p) {
    return p.take(this, want);
  }

  @Closure
  public int restock(int n) {
    qty = qty + n;
    return qty;
  }

  /** Plain code outside any closure reads the field through the enum too. */
  public static int peek(Item it) {
    return it.qty;
  }
}
