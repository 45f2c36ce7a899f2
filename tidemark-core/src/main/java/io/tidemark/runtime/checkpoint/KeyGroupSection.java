package io.tidemark.runtime.checkpoint;

import io.tidemark.runtime.state.KeyGroupRange;

/**
 * Section {@value #SECTION} of a keyed operator subtask's snapshot: the maximum parallelism (the number
 * of key groups) and the range of key groups whose keys the snapshot holds. A restore at another
 * parallelism reads the snapshots whose ranges overlap the new subtask's, and keeps its keys.
 *
 * @param maxParallelism the number of key groups
 * @param range the key groups of the subtask that wrote the snapshot
 */
public record KeyGroupSection(int maxParallelism, KeyGroupRange range) {

    /** The section's name. */
    public static final String SECTION = "keyGroups";
    /** The section of a keyed operator's timers, which every keyed operator writes (also before key groups were recorded). */
    public static final String TIMERS_SECTION = "timers";

    /** Writes the section. */
    public void write(StateSnapshot.Builder snapshot) throws Exception {
        snapshot.section(SECTION, 1, out -> {
            out.writeInt(maxParallelism);
            out.writeInt(range.start());
            out.writeInt(range.end());
        });
    }

    /** The section of {@code snapshot}, or null if it has none (not keyed, or written before key groups were recorded). */
    public static KeyGroupSection of(StateSnapshot snapshot) throws Exception {
        KeyGroupSection[] found = {null};
        snapshot.read(SECTION, 1, in -> found[0] = new KeyGroupSection(in.readInt(), new KeyGroupRange(in.readInt(), in.readInt())));
        return found[0];
    }

    /** Whether {@code snapshot} is a keyed operator's (it has keyed timers). */
    public static boolean isKeyed(StateSnapshot snapshot) {
        return snapshot.has(TIMERS_SECTION) || snapshot.has(SECTION);
    }
}
