package prices;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.text.Collator;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.text.SimpleDateFormat;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.Date;
import java.util.Currency;
import java.util.Formatter;
import java.util.List;
import java.util.Locale;
import java.util.Scanner;
import java.util.TimeZone;

/**
 * Closures that format with the default locale and time zone, which the program changes between
 * calls, as a test run over locales does.
 */
@UserData
public class Till {
  long cents;
  String last;

  @Closure
  public String receipt(long amount) {
    cents += amount;
    last = String.format("%,.2f", cents / 100.0) + " " + "item".toUpperCase() + " " + "%,d".formatted(cents);
    return last;
  }

  @Closure
  public String money(long amount) {
    cents += amount;
    last = NumberFormat.getCurrencyInstance().format(cents / 100.0);
    return last;
  }

  @Closure
  public String stamped(long at) {
    last = new Date(at).toString() + " " + ZoneId.systemDefault() + " "
        + java.time.LocalDate.of(2026, 3, 1).format(DateTimeFormatter.ofPattern("d MMMM"));
    return last;
  }

  @Closure
  public String texts(long at) {
    List<String> words = new ArrayList<>(List.of("zebra", "\u00e4pfel", "apple", "Zoo"));
    words.sort(Collator.getInstance());
    last = new DecimalFormat("#,##0.00").format(at / 7.0) + " "
        + new SimpleDateFormat("EEE dd MMM yyyy HH:mm").format(new Date(at)) + " "
        + LocalDate.ofEpochDay(at / 86_400_000L).format(
            DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM)) + " "
        + MessageFormat.format("{0,number,#,##0.0}", at / 3.0) + " "
        + new Formatter().format("%,d", at) + " "
        + DecimalFormatSymbols.getInstance().getDecimalSeparator() + " " + words;
    return last;
  }

  @Closure
  public String scanned(long amount) {
    cents += amount;
    Scanner in = new Scanner(String.format("%,.2f %d", cents / 100.0, amount));
    double total = in.nextDouble();
    long more = in.nextLong();
    last = String.format("%,.3f", total + more) + " " + Locale.getDefault().getDisplayName() + " "
        + Locale.GERMANY.getDisplayCountry() + " " + Currency.getInstance("EUR").getSymbol() + " "
        + TimeZone.getDefault().getDisplayName();
    return last;
  }

  /** Every closure under each of three locales and time zones in turn. */
  public static String drive(int rounds) {
    Locale locale = Locale.getDefault();
    TimeZone zone = TimeZone.getDefault();
    Locale[] locales = {Locale.US, Locale.GERMANY, Locale.forLanguageTag("tr-TR")};
    String[] zones = {"UTC", "Asia/Tokyo", "America/New_York"};
    Till t = new Till();
    StringBuilder out = new StringBuilder();
    try {
      for (int i = 0; i < rounds; i++) {
        Locale.setDefault(locales[i % 3]);
        TimeZone.setDefault(TimeZone.getTimeZone(zones[i % 3]));
        out.append(t.receipt(123_456)).append(t.money(7)).append(t.stamped(86_400_000L * i));
        out.append(t.texts(86_400_000L * i + 123_456_789L)).append(t.scanned(i));
      }
    } finally {
      Locale.setDefault(locale);
      TimeZone.setDefault(zone);
    }
    return out.toString().hashCode() + " " + t.last;
  }
}
