package dev.orthrus.samples.kvcache.protocol;

/**
 * memcached's clock: seconds since a start placed a little over a minute before the server started
 * (so a fresh item's time is never 0), and its reading of expiration times: 0 never, a negative
 * time already expired, more than 30 days a Unix time, otherwise seconds from now.
 */
public class ServerClock {

  /** memcached's REALTIME_MAXDELTA: expiration times above it are Unix times. */
  public static final long MAX_RELATIVE = 60L * 60 * 24 * 30;

  private final long processStarted;

  public ServerClock() {
    this(System.currentTimeMillis() / 1000 - 62);
  }

  /**
   * A clock started at {@code processStarted} (Unix seconds): mode rbv's replica starts its clock
   * where the primary's started, so that absolute expiration times read alike.
   */
  protected ServerClock(long processStarted) {
    this.processStarted = processStarted;
  }

  /** The clock's start, in Unix seconds. */
  public final long processStarted() {
    return processStarted;
  }

  /** Seconds since the clock's start; every reading of the time a request uses comes from here. */
  public int now() {
    return (int) (unixTime() - processStarted);
  }

  public long unixTime() {
    return System.currentTimeMillis() / 1000;
  }

  /** An expiration time as the client gave it, in server time (0 never). */
  public int expiry(long exptime) {
    if (exptime == 0) {
      return 0;
    }
    if (exptime < 0) {
      return 1;
    }
    if (exptime > MAX_RELATIVE) {
      return exptime <= processStarted ? 1 : (int) (exptime - processStarted);
    }
    return (int) (exptime + now());
  }
}
