package tariff;

/** A rebate: its implementation in the sources reads user data, so it has variants. */
public interface Rebate {
  long rebate(long amount);
}
