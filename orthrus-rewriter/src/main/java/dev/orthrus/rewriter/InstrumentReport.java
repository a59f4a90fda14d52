package dev.orthrus.rewriter;

import dev.orthrus.model.json.JsonException;
import dev.orthrus.model.json.JsonReader;
import dev.orthrus.model.json.JsonWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What protection an instrumented build got, per closure and per versioned class: written as {@code
 * META-INF/orthrus/instrumentation.json} next to the protected classes.
 *
 * @param closures the closures now dispatched, logged and validated
 * @param versionedClasses the {@code @UserData} classes that became handles
 * @param methods the methods that are not closures whose variants a closure of another build may
 *     call (decision 0075)
 */
public record InstrumentReport(
    List<Closure> closures, List<VersionedClass> versionedClasses, List<Method> methods) {

  /** Where the report is written, below the class output. */
  public static final String RESOURCE_PATH = "META-INF/orthrus/instrumentation.json";

  /**
   * How an entry of {@link Closure#logged} that names a use leaving executions not validated starts
   * ({@code not validated: shared sb passed to new Res(...)}).
   */
  public static final String NOT_VALIDATED = "not validated: ";

  /**
   * One closure.
   *
   * @param id the closure id
   * @param name its display name
   * @param logged what its log records besides loads, stores and allocations: {@code receiver},
   *     each argument as {@code name: ref|bits}, and {@code result: ref|bits|void}
   * @param compared how a validator compares outputs ({@code EQUALS} or {@code RAW_BITS}), and
   *     whether the closure is strict
   * @param checkedParameters user-data parameters checked by their checksum on entry (decision
   *     0012)
   * @param variants the methods that run as APP and VAL variants for it (itself included)
   * @param callSites the sites of its callers in the sources, as {@code Class.FIELD <- caller}
   * @param binding the name of its {@code ClosureBinding} constant in its class ({@code GET})
   * @param stem what the names of its generated methods start with: its name, or its name and a
   *     {@code $} when another method of the sources takes a variant's name ({@code get$App})
   */
  public record Closure(
      String id,
      String name,
      List<String> logged,
      String compared,
      List<String> checkedParameters,
      List<String> variants,
      List<String> callSites,
      String binding,
      String stem) {}

  /**
   * A method that is not a closure, with APP and VAL variants that another build's closures may
   * call: a public method that touches user data (decision 0075).
   *
   * @param id the method's id ({@code owner#name(erased,params)})
   * @param stem what the names of its variants start with, as for a closure
   */
  public record Method(String id, String stem) {}

  /**
   * One versioned class.
   *
   * @param name binary name
   * @param versionFields the fields that moved into its version
   * @param handleFields the final fields that stay on the handle
   * @param storeHelpers the store helpers generated for the writes the program makes
   */
  public record VersionedClass(
      String name,
      List<String> versionFields,
      List<String> handleFields,
      List<String> storeHelpers) {}

  public String toJson() {
    StringBuilder out = new StringBuilder();
    JsonWriter w = new JsonWriter(out);
    w.beginObject().name("closures").beginArray();
    for (Closure c : closures) {
      w.beginObject().name("id").value(c.id()).name("name").value(c.name());
      strings(w.name("logged"), c.logged());
      w.name("compared").value(c.compared());
      strings(w.name("checkedParameters"), c.checkedParameters());
      strings(w.name("variants"), c.variants());
      strings(w.name("callSites"), c.callSites());
      w.name("binding").value(c.binding()).name("stem").value(c.stem());
      w.endObject();
    }
    w.endArray().name("versionedClasses").beginArray();
    for (VersionedClass v : versionedClasses) {
      w.beginObject().name("name").value(v.name());
      strings(w.name("versionFields"), v.versionFields());
      strings(w.name("handleFields"), v.handleFields());
      strings(w.name("storeHelpers"), v.storeHelpers());
      w.endObject();
    }
    w.endArray().name("methods").beginArray();
    for (Method m : methods) {
      w.beginObject().name("id").value(m.id()).name("stem").value(m.stem()).endObject();
    }
    w.endArray().endObject();
    return out.append('\n').toString();
  }

  /**
   * What a report another build wrote (a protected dependency's) offers a caller's variants: its
   * closures with id, name, binding and stem, and its methods with variants; no versioned classes.
   *
   * @throws IllegalArgumentException when {@code json} is not such a report, naming what is wrong
   */
  public static InstrumentReport exportsOf(String json) {
    Object parsed;
    try {
      parsed = JsonReader.parse(json);
    } catch (JsonException e) {
      throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
    }
    if (!(parsed instanceof Map<?, ?> root) || !(root.get("closures") instanceof List<?> list)) {
      throw new IllegalArgumentException("no \"closures\" list");
    }
    List<Closure> closures = new ArrayList<>();
    for (Map<?, ?> c : entries(list, "closure")) {
      closures.add(
          new Closure(
              text(c, "id"),
              text(c, "name"),
              List.of(),
              "",
              List.of(),
              List.of(),
              List.of(),
              text(c, "binding"),
              text(c, "stem")));
    }
    List<Method> methods = new ArrayList<>();
    if (!(root.get("methods") instanceof List<?> exported)) {
      throw new IllegalArgumentException("no \"methods\" list (written by another version?)");
    }
    for (Map<?, ?> m : entries(exported, "method")) {
      methods.add(new Method(text(m, "id"), text(m, "stem")));
    }
    return new InstrumentReport(closures, List.of(), methods);
  }

  private static List<Map<?, ?>> entries(List<?> list, String what) {
    List<Map<?, ?>> entries = new ArrayList<>();
    for (Object entry : list) {
      if (!(entry instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException("a " + what + " entry is not an object");
      }
      entries.add(m);
    }
    return entries;
  }

  private static String text(Map<?, ?> entry, String key) {
    if (!(entry.get(key) instanceof String value) || value.isEmpty()) {
      throw new IllegalArgumentException(
          entry.get("id") + " has no \"" + key + "\" (written by another version?)");
    }
    return value;
  }

  private static void strings(JsonWriter w, List<String> values) {
    w.beginArray();
    values.forEach(w::value);
    w.endArray();
  }
}
