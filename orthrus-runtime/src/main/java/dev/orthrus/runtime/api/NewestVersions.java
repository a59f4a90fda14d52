package dev.orthrus.runtime.api;

/**
 * Where the newest version of each (owner, slot) is in an execution's list of created versions, for
 * executions that create many: without it, each load of a slot looked through every version the
 * execution had created for one of its own, and a closure that relinks a long list took time in the
 * square of its stores. Open addressing on the owner's identity and the slot; an owner's identity
 * hash is computed once it is indexed.
 */
final class NewestVersions {

  private Object[] owners = new Object[64];
  private int[] slots = new int[64];
  private int[] positions = new int[64];
  private int size;

  /** Indexes the first {@code count} of {@code versions}, later ones over earlier ones. */
  static NewestVersions of(Version[] versions, int count) {
    NewestVersions index = new NewestVersions();
    for (int i = 0; i < count; i++) {
      index.put(versions[i], i);
    }
    return index;
  }

  /** {@code version} is at {@code position}, newer than any version of its slot indexed before. */
  void put(Version version, int position) {
    if ((size + 1) * 2 > owners.length) {
      grow();
    }
    Object owner = version.owner();
    int slot = version.slot();
    int mask = owners.length - 1;
    for (int i = hash(owner, slot) & mask; ; i = (i + 1) & mask) {
      if (owners[i] == null) {
        owners[i] = owner;
        slots[i] = slot;
        positions[i] = position;
        size++;
        return;
      }
      if (owners[i] == owner && slots[i] == slot) {
        positions[i] = position;
        return;
      }
    }
  }

  /** The position of the newest version of {@code owner}'s {@code slot}, or -1. */
  int newest(Object owner, int slot) {
    int mask = owners.length - 1;
    for (int i = hash(owner, slot) & mask; owners[i] != null; i = (i + 1) & mask) {
      if (owners[i] == owner && slots[i] == slot) {
        return positions[i];
      }
    }
    return -1;
  }

  private void grow() {
    Object[] oldOwners = owners;
    int[] oldSlots = slots;
    int[] oldPositions = positions;
    int capacity = owners.length * 2;
    owners = new Object[capacity];
    slots = new int[capacity];
    positions = new int[capacity];
    size = 0;
    int mask = capacity - 1;
    for (int j = 0; j < oldOwners.length; j++) {
      if (oldOwners[j] != null) {
        int i = hash(oldOwners[j], oldSlots[j]) & mask;
        while (owners[i] != null) {
          i = (i + 1) & mask;
        }
        owners[i] = oldOwners[j];
        slots[i] = oldSlots[j];
        positions[i] = oldPositions[j];
        size++;
      }
    }
  }

  private static int hash(Object owner, int slot) {
    int h = System.identityHashCode(owner) * 0x9E3779B9 + slot * 0x85EBCA6B;
    return h ^ (h >>> 16);
  }
}
