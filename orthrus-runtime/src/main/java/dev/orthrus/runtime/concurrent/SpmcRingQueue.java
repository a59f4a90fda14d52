package dev.orthrus.runtime.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A queue of the elements of a fixed ring that one thread owns: a single producer (the ring's
 * owner) and any number of consumers. A slot carries the element's index in the ring, not the
 * element, so an offer stores a {@code long} and pays no GC barrier. The runtime uses one per
 * application thread, over its ring of closure logs, with validators as consumers (several when
 * they steal).
 *
 * <p>Built so that the two sides share as few written lines as possible: a consumer that writes a
 * line the producer writes next (as JCTools' {@code SpmcArrayQueue} nulls the slot) makes every
 * offer wait for that line to come back from the other core (decision 0011). Consumers never write
 * a slot: they claim sequence {@code c} by a CAS on the consumer index, which has a padded line of
 * its own. The producer writes only slots, each with one release store, and never reads the
 * consumer index. A slot holds a tag, {@code c + 1} modulo 2^32, beside the ring index, so a
 * consumer learns from the slot alone whether {@code c} was offered: there is no producer index for
 * it to poll, and each offer sends the other core one line, not two (a producer index that
 * consumers read, as JCTools has it, sends two; decision 0011).
 *
 * <p>The producer need not look at the consumers because the queue can never be full, provided the
 * owner keeps one discipline: an element offered stays outstanding until a consumer has claimed it
 * and handed it back (by whatever means the owner and consumers agree on; the runtime uses the
 * log's state), and the owner offers only elements that are not outstanding. Its capacity is the
 * ring's size, so every sequence in {@code [consumerIndex, producerIndex)} names a distinct element
 * of the ring, and when the owner offers one more there are fewer than {@code capacity}
 * outstanding: the slot it writes is not one a consumer may still claim. Assertions check this in
 * {@link #offer}; {@link #poll} fails loudly if it was ever broken.
 *
 * <p>A consumer reads the slot of sequence {@code c} before its CAS {@code c -> c + 1}. The
 * producer reuses that slot only for sequence {@code c + capacity}, which it offers only after the
 * element of {@code c} came back, which happens only after some consumer moved the index past
 * {@code c}. So if the CAS succeeds, nobody had claimed {@code c} and the value read is the one
 * offered for it.
 */
public final class SpmcRingQueue<E> extends SpmcRingQueuePadAfterConsumer<E> {

  private static final VarHandle PRODUCER_INDEX;
  private static final VarHandle CONSUMER_INDEX;
  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      PRODUCER_INDEX =
          l.findVarHandle(SpmcRingQueueProducerFields.class, "producerIndex", long.class);
      CONSUMER_INDEX =
          l.findVarHandle(SpmcRingQueueConsumerFields.class, "consumerIndex", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // Trailing padding, so that the consumers' line is not shared with whatever follows.
  long p60, p61, p62, p63, p64, p65, p66, p67;
  long p70, p71, p72, p73, p74, p75, p76, p77;

  /**
   * A queue for the elements of {@code ring}, whose length must be a power of two. The ring is
   * shared, not copied: the owner may fill slots of it later, before it offers their indices.
   */
  public SpmcRingQueue(E[] ring) {
    super(ring);
  }

  public int capacity() {
    return mask + 1;
  }

  // Memory-ordering accessors: lp = plain load, lv = load acquire/volatile, so = store release.

  private long lpProducerIndex() {
    return producerIndex;
  }

  private long lvProducerIndex() {
    return (long) PRODUCER_INDEX.getAcquire(this);
  }

  private void soProducerIndex(long v) {
    PRODUCER_INDEX.setRelease(this, v);
  }

  private long lvConsumerIndex() {
    return (long) CONSUMER_INDEX.getVolatile(this);
  }

  private boolean casConsumerIndex(long expect, long next) {
    return CONSUMER_INDEX.compareAndSet(this, expect, next);
  }

  private long lvSlot(int offset) {
    return (long) SLOT.getAcquire(slots, offset);
  }

  private void soSlot(int offset, long v) {
    SLOT.setRelease(slots, offset, v);
  }

  private int slotOffset(long sequence) {
    return SLOT_PAD + (int) (sequence & mask);
  }

  /** What the slot of {@code sequence} holds once it is offered: the tag, then the ring index. */
  private static long slotValue(long sequence, int ringIndex) {
    return (tag(sequence) << 32) | (ringIndex & 0xFFFF_FFFFL);
  }

  /**
   * Sequence plus one, modulo 2^32: never 0 on the first lap, so zeroed slots read as "not offered
   * yet"; a slot's tag and the tag a consumer expects differ by at most the capacity, so 32 bits
   * compare without ambiguity.
   */
  private static long tag(long sequence) {
    return (sequence + 1) & 0xFFFF_FFFFL;
  }

  /**
   * Queues the element at {@code ringIndex} of the owner's ring; owner thread only. Never fails
   * (see the class comment), so it neither returns a flag nor reads the consumers' line, except in
   * the assertion that checks the discipline held.
   */
  public void offer(int ringIndex) {
    long p = lpProducerIndex();
    assert p - lvConsumerIndex() < capacity()
        : "more elements queued than the ring holds: one was offered twice";
    // Release: the element's contents, written before, are visible to whoever sees this slot.
    soSlot(slotOffset(p), slotValue(p, ringIndex));
    // For size() only; no consumer polls it, so the line stays on the producer's core.
    soProducerIndex(p + 1);
  }

  /** The oldest queued element, claimed by this caller, or null when the queue is empty. */
  public E poll() {
    while (true) {
      long c = lvConsumerIndex();
      // Read before the claim: a successful CAS proves the slot was not reused meanwhile.
      long v = lvSlot(slotOffset(c));
      int ahead = (int) ((v >>> 32) - tag(c));
      if (ahead == 0) {
        if (casConsumerIndex(c, c + 1)) {
          return ring[(int) v];
        }
      } else if (ahead < 0) {
        // The slot still holds the previous lap: c is not offered yet.
        return null;
      } else if (lvConsumerIndex() == c) {
        // A later lap, yet nobody claimed c: the producer overwrote a queued slot, which the
        // ring's discipline rules out. Better a dead consumer than an element consumed twice.
        throw new IllegalStateException("ring queue lapped at sequence " + c);
      }
      // Otherwise c was claimed by another consumer meanwhile: read the index again.
    }
  }

  /**
   * Elements queued and not yet claimed, for monitoring: racy, but never negative and never more
   * than the capacity.
   */
  public int size() {
    long c = lvConsumerIndex();
    long p = lvProducerIndex();
    return (int) Math.max(0, Math.min(capacity(), p - c));
  }
}

/**
 * What both sides only read, set once. The JVM lays out a superclass's fields before its
 * subclass's, so this hierarchy fixes the order: these, padding, the producer's index, padding, the
 * consumers' fields, padding. Pads are two 64-byte lines, for the adjacent-line prefetcher.
 */
abstract class SpmcRingQueueFixedFields<E> {
  /**
   * Unused slots before and after the live ones, so that no other object's fields (which others may
   * write) share the first or last line of slots.
   */
  static final int SLOT_PAD = 16;

  final long[] slots;
  final int mask;
  final E[] ring;

  SpmcRingQueueFixedFields(E[] ring) {
    int capacity = ring.length;
    if (capacity < 1 || Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("ring size must be a power of two: " + capacity);
    }
    this.ring = ring;
    this.mask = capacity - 1;
    this.slots = new long[capacity + 2 * SLOT_PAD];
  }
}

abstract class SpmcRingQueuePadBeforeProducer<E> extends SpmcRingQueueFixedFields<E> {
  long p00, p01, p02, p03, p04, p05, p06, p07;
  long p10, p11, p12, p13, p14, p15, p16, p17;

  SpmcRingQueuePadBeforeProducer(E[] ring) {
    super(ring);
  }
}

/** Written by the owner on every offer; read only by {@code size()} (monitoring). */
abstract class SpmcRingQueueProducerFields<E> extends SpmcRingQueuePadBeforeProducer<E> {
  long producerIndex;

  SpmcRingQueueProducerFields(E[] ring) {
    super(ring);
  }
}

abstract class SpmcRingQueuePadBetween<E> extends SpmcRingQueueProducerFields<E> {
  long p20, p21, p22, p23, p24, p25, p26, p27;
  long p30, p31, p32, p33, p34, p35, p36, p37;

  SpmcRingQueuePadBetween(E[] ring) {
    super(ring);
  }
}

/** Written by consumers only: the next sequence to claim. */
abstract class SpmcRingQueueConsumerFields<E> extends SpmcRingQueuePadBetween<E> {
  long consumerIndex;

  SpmcRingQueueConsumerFields(E[] ring) {
    super(ring);
  }
}

abstract class SpmcRingQueuePadAfterConsumer<E> extends SpmcRingQueueConsumerFields<E> {
  long p40, p41, p42, p43, p44, p45, p46, p47;
  long p50, p51, p52, p53, p54, p55, p56, p57;

  SpmcRingQueuePadAfterConsumer(E[] ring) {
    super(ring);
  }
}
