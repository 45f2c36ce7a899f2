package io.tidemark.api.common.metrics;

/**
 * One input of a subtask as its owner last published it: a split of a split source (a Kafka partition,
 * a file), or an input channel of an operator behind an exchange (named by the upstream subtask's
 * index). Times are processing time in milliseconds.
 *
 * @param name the split id, or the upstream subtask's index
 * @param split whether the input is a split (else a channel)
 * @param watermark the input's watermark ({@code Long.MIN_VALUE} before its first)
 * @param idle whether the input is idle now
 * @param idleSince when it went idle; {@code -1} while active or where not kept (channels)
 * @param idleBefore the idle time of its idle stretches that ended, ms ({@code 0} where not kept)
 * @param lastActive the last periodic check that found new records on it; {@code -1} if none yet or not kept
 * @param maxTimestamp the largest record timestamp seen on it; {@code Long.MIN_VALUE} if none or not kept
 * @param disorder the disorder of its records so far (ms behind the largest timestamp before each), as of
 *     a recent check; null where not kept (channels) or not published yet
 */
public record InputStatus(String name, boolean split, long watermark, boolean idle, long idleSince, long idleBefore,
        long lastActive, long maxTimestamp, io.tidemark.api.common.eventtime.DisorderSketch disorder) {

    /** Without the disorder. */
    public InputStatus(String name, boolean split, long watermark, boolean idle, long idleSince, long idleBefore, long lastActive,
            long maxTimestamp) {
        this(name, split, watermark, idle, idleSince, idleBefore, lastActive, maxTimestamp, null);
    }

    /** How long the input has been idle at {@code now}, in ms; 0 while active or unknown. */
    public long idleTime(long now) {
        return idle && idleSince >= 0 ? Math.max(0, now - idleSince) : 0;
    }

    /** Its idle time so far at {@code now}, ms (Flink's per-split {@code accumulatedIdleTimeMs}). */
    public long accumulatedIdleTime(long now) {
        return idleBefore + idleTime(now);
    }
}
