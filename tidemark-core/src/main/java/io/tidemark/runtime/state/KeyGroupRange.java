package io.tidemark.runtime.state;

/**
 * A contiguous range of key groups, both ends included (Flink's {@code KeyGroupRange}): the key groups
 * one operator subtask owns. Empty when {@code end < start}.
 *
 * @param start the first key group
 * @param end the last key group, included
 */
public record KeyGroupRange(int start, int end) {

    /** Whether key group {@code keyGroup} is in the range. */
    public boolean contains(int keyGroup) {
        return keyGroup >= start && keyGroup <= end;
    }

    /** Whether the range has no key group. */
    public boolean isEmpty() {
        return end < start;
    }

    /** Whether this range and {@code other} share a key group. */
    public boolean overlaps(KeyGroupRange other) {
        return Math.max(start, other.start) <= Math.min(end, other.end);
    }

    @Override
    public String toString() {
        return "key groups " + start + ".." + end;
    }
}
