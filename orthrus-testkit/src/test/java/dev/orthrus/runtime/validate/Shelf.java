package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.SlotVersion;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedArray;
import dev.orthrus.runtime.api.VersionedObject;

/**
 * A fixed row of labelled entries, hand-written as the rewriter generates it (dispatcher, plain,
 * APP and VAL variants), whose closures fail the way ordinary programs do: an index out of range or
 * a null reference at the first load, a helpful {@code NullPointerException} in the closure's own
 * code, and an exception message that prints an object allocated in the closure. The original
 * source:
 *
 * <pre>{@code
 * @UserData final class Entry { final String label; int uses; }
 * final class Shelf {
 *   final Entry[] slots;
 *   @Closure String label(int slot) { Entry e = slots[slot]; return e == null ? null : e.label; }
 *   @Closure int uses(Entry e) { return e.uses; }
 *   @Closure int labelLength(int slot) { return entryAt(slot).label.length(); }
 *   @Closure void place(int slot, String label) {
 *     Entry created = new Entry(label);
 *     if (slots[slot] != null) throw new IllegalStateException("slot " + slot + " is taken, " + created + " not placed");
 *     slots[slot] = created;
 *   }
 * }
 * }</pre>
 */
final class Shelf {

  private static final String OWNER = Shelf.class.getName();

  static final ClosureBinding LABEL =
      ClosureBinding.of(
          OWNER + "#label(int)",
          "Shelf.label",
          (log, r) -> r.returnRef(((Shelf) log.receiver()).labelVal(r, (int) log.bitsArg(0))));
  static final ClosureBinding USES =
      ClosureBinding.of(
          OWNER + "#uses(Entry)",
          "Shelf.uses",
          (log, r) -> r.returnBits(usesVal(r, (Entry) log.refArg(0))));
  static final ClosureBinding LABEL_LENGTH =
      ClosureBinding.of(
          OWNER + "#labelLength(int)",
          "Shelf.labelLength",
          (log, r) ->
              r.returnBits(((Shelf) log.receiver()).labelLengthVal(r, (int) log.bitsArg(0))));
  static final ClosureBinding PLACE =
      ClosureBinding.of(
          OWNER + "#place(int,String)",
          "Shelf.place",
          (log, r) -> {
            ((Shelf) log.receiver()).placeVal(r, (int) log.bitsArg(0), (String) log.refArg(0));
            r.returnVoid();
          });

  private static final CallSite LABEL_SITE = LABEL.site(0);
  private static final CallSite USES_SITE = USES.site(0);
  private static final CallSite LABEL_LENGTH_SITE = LABEL_LENGTH.site(0);
  private static final CallSite PLACE_SITE = PLACE.site(0);

  /** One entry: its label is final and stays on the handle, its use count is versioned. */
  static final class Entry extends VersionedObject<Entry.V> {
    private static final long serialVersionUID = 1L;
    final String label;

    Entry(String label) {
      this.label = label;
      soVersion(new V(this, 0));
    }

    static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final int uses;

      V(Entry owner, int uses) {
        super(owner);
        this.uses = uses;
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(uses);
      }
    }
  }

  private final OrthrusRuntime rt;
  private final VersionedArray<Entry> slots;

  Shelf(OrthrusRuntime rt, int size) {
    this.rt = rt;
    this.slots = new VersionedArray<>(size);
  }

  // ---- dispatchers ----

  String label(int slot) {
    ClosureLog log = rt.begin(LABEL_SITE);
    if (log == null) {
      return labelPlain(slot);
    }
    log.receiver(this);
    log.argBits(slot);
    String result;
    try {
      result = labelApp(log, slot);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnRef(result);
    rt.publish(log);
    return result;
  }

  int uses(Entry e) {
    ClosureLog log = rt.begin(USES_SITE);
    if (log == null) {
      return e.lvVersion().uses;
    }
    log.receiver(this);
    log.argRef(e);
    int result;
    try {
      result = usesApp(log, e);
    } catch (RuntimeException | Error t) {
      log.threw(t);
      rt.publish(log);
      throw t;
    }
    log.returnBits(result);
    rt.publish(log);
    return result;
  }

  int labelLength(int slot) {
    ClosureLog log = rt.begin(LABEL_LENGTH_SITE);
    if (log == null) {
      return entryAtPlain(slot).label.length();
    }
    log.receiver(this);
    log.argBits(slot);
    int result;
    try {
      result = labelLengthApp(log, slot);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnBits(result);
    rt.publish(log);
    return result;
  }

  void place(int slot, String label) {
    ClosureLog log = rt.begin(PLACE_SITE);
    if (log == null) {
      placePlain(slot, label);
      return;
    }
    log.receiver(this);
    log.argBits(slot);
    log.argRef(label);
    try {
      placeApp(log, slot, label);
    } catch (RuntimeException | Error e) {
      log.threw(e);
      rt.publish(log);
      throw e;
    }
    log.returnVoid();
    rt.publish(log);
  }

  // ---- plain ----

  private String labelPlain(int slot) {
    Entry e = slots.lvValue(slot);
    return e == null ? null : e.label;
  }

  private Entry entryAtPlain(int slot) {
    return slots.lvValue(slot);
  }

  private void placePlain(int slot, String label) {
    Entry created = new Entry(label);
    if (slots.lvValue(slot) != null) {
      throw new IllegalStateException("slot " + slot + " is taken, " + created + " not placed");
    }
    slots.soValue(slot, created);
  }

  // ---- APP ----

  private String labelApp(ClosureLog log, int slot) {
    Entry e = log.loadSlot(slots, slot).value();
    return e == null ? null : e.label;
  }

  private static int usesApp(ClosureLog log, Entry e) {
    return log.load(e).uses;
  }

  private Entry entryAtApp(ClosureLog log, int slot) {
    return log.loadSlot(slots, slot).value();
  }

  private int labelLengthApp(ClosureLog log, int slot) {
    return entryAtApp(log, slot).label.length();
  }

  private void placeApp(ClosureLog log, int slot, String label) {
    Entry created = log.allocate(new Entry(label));
    if (log.loadSlot(slots, slot).value() != null) {
      throw new IllegalStateException("slot " + slot + " is taken, " + created + " not placed");
    }
    log.storeSlot(slots, new SlotVersion<>(slots, slot, created));
  }

  // ---- VAL ----

  private String labelVal(Replay r, int slot) {
    Entry e = r.loadSlot(slots, slot).value();
    return e == null ? null : e.label;
  }

  private static int usesVal(Replay r, Entry e) {
    return r.load(e).uses;
  }

  private Entry entryAtVal(Replay r, int slot) {
    return r.loadSlot(slots, slot).value();
  }

  private int labelLengthVal(Replay r, int slot) {
    return entryAtVal(r, slot).label.length();
  }

  private void placeVal(Replay r, int slot, String label) {
    Entry created = r.allocate(new Entry(label));
    if (r.loadSlot(slots, slot).value() != null) {
      throw new IllegalStateException("slot " + slot + " is taken, " + created + " not placed");
    }
    r.storeSlot(slots, new SlotVersion<>(slots, slot, created));
  }
}
