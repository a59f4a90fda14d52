package golden.kvmap;

import dev.orthrus.annotations.UserData;

/** One entry of a bucket chain; {@link KvMap#find} hands it to the control path. */
@UserData
public final class Item {
  final String key;
  byte[] value;
  int flags;
  long cas;
  Item next;

  Item(String key, byte[] value, int flags, long cas, Item next) {
    this.key = key;
    this.value = value;
    this.flags = flags;
    this.cas = cas;
    this.next = next;
  }
}
