package dev.orthrus.rewriter.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.jdk.JdkCall.Kind;
import dev.orthrus.model.jdk.JdkCategory;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The rewriter has a seeded form for every entry the JDK table marks seeded, and only for them. */
class SeededFormTest {

  @Test
  void everySeededEntryOfTheTableHasAForm() {
    List<JdkApi> seeded =
        JdkApis.all().stream().filter(a -> a.handling() == Handling.SEEDED).toList();
    assertFalse(seeded.isEmpty());
    for (JdkApi api : seeded) {
      SeededForm form = SeededForm.of(api);
      SeededForm expected =
          api.type().equals("java.util.Scanner")
              ? SeededForm.FORMAT_LOCALE
              : api.kinds().contains(Kind.CONSTRUCTOR) ? SeededForm.SEED : SeededForm.SEEDED_RANDOM;
      assertEquals(expected, form, api::toString);
    }
  }

  @Test
  void aSeededEntryWithoutAFormIsAnError() {
    JdkApi unknown = entry("java.util.UUID", Set.of(Kind.STATIC), "randomUUID", Handling.SEEDED);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> SeededForm.of(unknown));
    assertTrue(e.getMessage().contains("java.util.UUID#randomUUID"), e::getMessage);
    assertTrue(e.getMessage().contains("no seeded form"), e::getMessage);
  }

  @Test
  void anEntryThatIsNotSeededHasNoForm() {
    JdkApi recorded =
        entry("java.util.Collections", Set.of(Kind.STATIC), "shuffle", Handling.RECORDED);
    assertThrows(IllegalStateException.class, () -> SeededForm.of(recorded));
  }

  private static JdkApi entry(String type, Set<Kind> kinds, String name, Handling handling) {
    return new JdkApi(
        JdkCategory.RANDOM,
        type,
        kinds,
        Set.of(name),
        Set.of(),
        List.of(),
        null,
        -1,
        Set.of(),
        Set.of(),
        -1,
        handling,
        "",
        17);
  }
}
