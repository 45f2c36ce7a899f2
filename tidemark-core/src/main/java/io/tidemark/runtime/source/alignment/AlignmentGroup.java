package io.tidemark.runtime.source.alignment;

import java.util.HashMap;
import java.util.Map;

/**
 * One watermark alignment group of a job (FLIP-182): the watermark each source subtask of the group
 * reported last, and from them the group's lowest. Thread-safe: subtasks report from their own threads.
 *
 * <p>Rules (Flink's): a subtask that has not reported yet (no watermark so far) does not count; an idle or
 * finished subtask reports {@code Long.MAX_VALUE}, so it holds no one back; the most a subtask may reach
 * is the lowest plus its source's drift, saturating, and without limit while nothing that counts was
 * reported. Cost: O(reporters) per report that changes a value.
 */
public final class AlignmentGroup {

    private final String name;
    private final Map<Object, Long> reported = new HashMap<>();
    private long lowest = Long.MAX_VALUE;

    AlignmentGroup(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** {@code reporter}'s current watermark ({@code Long.MAX_VALUE}: idle or finished). */
    public synchronized void report(Object reporter, long watermark) {
        Long before = reported.put(reporter, watermark);
        if (before == null || before != watermark) {
            long min = Long.MAX_VALUE;
            for (long w : reported.values()) {
                min = Math.min(min, w);
            }
            lowest = min;
        }
    }

    /** The lowest reported watermark, {@code Long.MAX_VALUE} when none counts. */
    public synchronized long lowest() {
        return lowest;
    }

    /** The highest watermark a subtask of a source with {@code drift} may reach now. */
    public synchronized long maxAllowed(long drift) {
        return lowest == Long.MAX_VALUE || lowest > Long.MAX_VALUE - drift ? Long.MAX_VALUE : lowest + drift;
    }
}
