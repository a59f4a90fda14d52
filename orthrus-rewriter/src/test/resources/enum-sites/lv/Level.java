package lv;

/**
 * An enum whose constructor, instance initializer and instance field call a closure: code that
 * may not read the enum's own static fields, where a call site would be.
 */
public enum Level {
  LOW(1),
  MID(5),
  HIGH(9);

  final long code;
  long seen;
  final long extra = Ops.SHARED.mix("extra", 2);

  {
    seen = Ops.SHARED.mix("init", 3);
  }

  Level(int weight) {
    code = Ops.SHARED.mix(name(), weight);
  }

  long again(int i) {
    return Ops.SHARED.mix(name(), i % 7) + extra + seen;
  }
}
