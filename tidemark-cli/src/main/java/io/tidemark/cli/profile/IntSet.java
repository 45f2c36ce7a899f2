package io.tidemark.cli.profile;

import java.util.Arrays;

/**
 * A set of non-negative {@code int}s (key ids, dense from 0): the keys of one window in the tune
 * simulation, which adds a key per record and candidate. No boxing.
 *
 * <p>Design: open addressing with linear probing (load at most 1/2) while the set is sparse among the
 * ids below its largest member; once a bitmap over those ids costs no more than the table (one bit per
 * id against 32 bits per slot), a bitmap, where adding is one word's test and set. Memory: at most
 * 16 bytes per member (4 × capacity, capacity ≤ 4 × size) as a table, and as a bitmap at most
 * {@code (largest id + 1) / 8} bytes, which is then below the table it replaced. Not thread-safe.
 */
final class IntSet {

    private static final int FREE = -1;
    private int[] slots = newSlots(8);
    /** The bitmap once the set switched to it, else null. */
    private long[] bits;
    private int size;
    private int largest = -1;

    private static int[] newSlots(int n) {
        int[] s = new int[n];
        Arrays.fill(s, FREE);
        return s;
    }

    /** Adds {@code v} (≥ 0); returns whether it was new. */
    boolean add(int v) {
        if (bits != null) {
            int w = v >>> 6;
            if (w >= bits.length) {
                bits = Arrays.copyOf(bits, Math.max(w + 1, bits.length * 2));
            }
            long mask = 1L << v;
            if ((bits[w] & mask) != 0) {
                return false;
            }
            bits[w] |= mask;
            size++;
            return true;
        }
        int mask = slots.length - 1;
        int i = mix(v) & mask;
        while (slots[i] != FREE) {
            if (slots[i] == v) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = v;
        largest = Math.max(largest, v);
        if (++size * 2 > slots.length) {
            grow();
        }
        return true;
    }

    boolean contains(int v) {
        if (bits != null) {
            int w = v >>> 6;
            return w < bits.length && (bits[w] & (1L << v)) != 0;
        }
        int mask = slots.length - 1;
        int i = mix(v) & mask;
        while (slots[i] != FREE) {
            if (slots[i] == v) {
                return true;
            }
            i = (i + 1) & mask;
        }
        return false;
    }

    int size() {
        return size;
    }

    /** Doubles the table, or moves to the bitmap when one over the ids up to the largest member is no larger. */
    private void grow() {
        int[] old = slots;
        if ((largest >>> 6) + 1 <= old.length) { // the bitmap's bytes ≤ the doubled table's (8 × old.length)
            bits = new long[(largest >>> 6) + 1];
            slots = null;
            for (int v : old) {
                if (v != FREE) {
                    bits[v >>> 6] |= 1L << v;
                }
            }
            return;
        }
        slots = newSlots(old.length * 2);
        size = 0;
        for (int v : old) {
            if (v != FREE) {
                add(v);
            }
        }
    }

    private static int mix(int v) {
        int h = v * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
