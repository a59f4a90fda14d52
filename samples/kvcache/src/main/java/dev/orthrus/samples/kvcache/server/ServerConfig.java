package dev.orthrus.samples.kvcache.server;

import java.util.List;
import java.util.Locale;

/**
 * The server's flags, shared by {@link Main} and {@link InProcessServer}: {@code [--mode
 * vanilla|orthrus|rbv] [--port P] [-m MB] [-t THREADS] [-I SIZE]}, with memcached's defaults (port
 * 11211, 64 MB, 4 threads, 1 MB items; {@code -I} takes a k or m suffix).
 */
public record ServerConfig(String mode, int port, int memoryMb, int threads, long itemSizeMax) {

  /** A flag the server does not understand, or a value out of range. */
  public static final class UsageException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(
          message
              + "\nusage: kvcache [--mode vanilla|orthrus|rbv] [--port P] [-m MB] [-t THREADS] [-I SIZE]");
    }
  }

  public static ServerConfig parse(String... args) {
    String mode = "vanilla";
    int port = 11211;
    int memoryMb = 64;
    int threads = 4;
    long itemSizeMax = 1 << 20;
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      if (i + 1 >= args.length) {
        throw new UsageException("missing value after " + flag);
      }
      String value = args[++i];
      switch (flag) {
        case "--mode" -> {
          // rbv-replica: the replica JVM that mode rbv starts (not for users: no usage line).
          if (!List.of("vanilla", "orthrus", "rbv", "rbv-replica").contains(value)) {
            throw new UsageException("unknown mode '" + value + "'");
          }
          mode = value;
        }
        case "--port", "-p" -> port = number(flag, value, 0, 65535);
        case "-m" -> memoryMb = number(flag, value, 1, 1 << 20);
        case "-t" -> threads = number(flag, value, 1, 1024);
        case "-I" -> itemSizeMax = size(value);
        default -> throw new UsageException("unknown option " + flag);
      }
    }
    if (itemSizeMax > (long) memoryMb << 20) {
      throw new UsageException("-I " + itemSizeMax + " is larger than the memory limit (-m)");
    }
    return new ServerConfig(mode, port, memoryMb, threads, itemSizeMax);
  }

  public long memoryBytes() {
    return (long) memoryMb << 20;
  }

  private static int number(String flag, String value, int min, int max) {
    try {
      int n = Integer.parseInt(value);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(flag + " takes a number from " + min + " to " + max + ": " + value);
  }

  private static long size(String value) {
    String v = value.toLowerCase(Locale.ROOT);
    long unit = v.endsWith("k") ? 1 << 10 : v.endsWith("m") ? 1 << 20 : 1;
    String digits = unit == 1 ? v : v.substring(0, v.length() - 1);
    try {
      long size = Long.parseLong(digits) * unit;
      if (size >= 1024 && size <= 1 << 30) {
        return size;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("-I takes a size from 1k to 1024m (e.g. 1m, 512k): " + value);
  }
}
