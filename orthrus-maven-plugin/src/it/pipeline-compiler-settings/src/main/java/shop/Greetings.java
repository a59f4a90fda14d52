package shop;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A greeting book; this file is ISO-8859-1, as the pom says. */
@UserData
public final class Greetings {
  private String last = "";

  @Closure
  public String greet(String name) {
    last = "Grüß dich, " + name + " ¡olé!";
    return last;
  }

  public static void main(String[] args) throws Exception {
    Greetings book = new Greetings();
    String said = "";
    for (int i = 0; i < 100; i++) {
      said = book.greet("Zoë");
    }
    StringBuilder escaped = new StringBuilder();
    for (char c : said.toCharArray()) {
      escaped.append(c < 128 ? String.valueOf(c) : String.format("\\u%04x", (int) c));
    }
    System.out.println(escaped + " " + said.length());
    System.out.println(
        "parameter " + Greetings.class.getMethod("greet", String.class).getParameters()[0].getName());
  }
}
