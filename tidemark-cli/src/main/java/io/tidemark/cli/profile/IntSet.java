package io.tidemark.cli.profile;

import java.util.Arrays;

/**
 * A set of non-negative {@code int}s (key ids): open addressing with linear probing, no boxing, load
 * at most 1/2. The keys of one window in the tune simulation, which adds a key per record and candidate.
 * Memory: 8 bytes per member at most (4 × capacity, capacity ≤ 4 × size). Not thread-safe.
 */
final class IntSet {

    private static final int FREE = -1;
    private int[] slots = newSlots(8);
    private int size;

    private static int[] newSlots(int n) {
        int[] s = new int[n];
        Arrays.fill(s, FREE);
        return s;
    }

    /** Adds {@code v} (≥ 0); returns whether it was new. */
    boolean add(int v) {
        int mask = slots.length - 1;
        int i = mix(v) & mask;
        while (slots[i] != FREE) {
            if (slots[i] == v) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = v;
        if (++size * 2 > slots.length) {
            grow();
        }
        return true;
    }

    boolean contains(int v) {
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

    private void grow() {
        int[] old = slots;
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
