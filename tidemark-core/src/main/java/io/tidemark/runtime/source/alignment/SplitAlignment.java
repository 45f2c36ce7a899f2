package io.tidemark.runtime.source.alignment;

import io.tidemark.api.common.eventtime.WatermarkAlignmentParams;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One split source subtask's part in its watermark alignment group (Flink's FLIP-182 / FLIP-217 rules, as
 * Flink's {@code SourceOperator} applies them):
 * <ul>
 *   <li>every update interval the subtask reports its watermark ({@code Long.MAX_VALUE} when idle or
 *   finished; nothing before its first) and learns the most it may reach, the group's lowest plus its
 *   drift ({@link #update});
 *   <li>split level: while the subtask reads more than one split, a split whose watermark is above that
 *   is paused — the source stops reading it ({@code SplitSourceFunction.pauseOrResumeSplits}) and its
 *   clock stops ({@link PausableClock}) — as soon as its watermark passes it, and resumed at the first
 *   update that finds it no longer above;
 *   <li>subtask level: while the subtask's own watermark is above it, the subtask emits nothing
 *   ({@link #waits}).
 * </ul>
 * No deadlock: the split (or subtask) holding the group's lowest is never above the lowest plus a drift
 * of zero or more, so it never pauses nor waits; an idle or finished one leaves the lowest (it reports
 * {@code Long.MAX_VALUE}), a subtask that waits keeps reporting, so a stale report of its own never holds
 * it; and a split that pauses keeps its idleness clock stopped, so pausing never makes it idle.
 */
public final class SplitAlignment {

    /** How the source pauses and resumes reading splits; throws {@link UnsupportedOperationException} when it cannot. */
    @FunctionalInterface
    public interface Splits {
        void pauseOrResume(Collection<String> pause, Collection<String> resume);
    }

    private final WatermarkAlignmentParams params;
    private final AlignmentGroup group;
    private final String source;
    private final Object reporter = new Object();
    private final Set<String> paused = new LinkedHashSet<>();
    private long maxAllowed = Long.MAX_VALUE;

    /** @param source the source's name, for the error when it cannot pause splits */
    public SplitAlignment(WatermarkAlignmentParams params, AlignmentGroup group, String source) {
        this.params = params;
        this.group = group;
        this.source = source;
    }

    public WatermarkAlignmentParams params() {
        return params;
    }

    /** Reports {@code watermark} ({@code Long.MIN_VALUE}: none yet, not reported) and learns the most allowed. */
    public void update(long watermark) {
        if (watermark != Long.MIN_VALUE) {
            group.report(reporter, watermark);
        }
        maxAllowed = group.maxAllowed(params.getMaxAllowedWatermarkDrift());
    }

    /** The most a watermark may reach, as of the last {@link #update}. */
    public long maxAllowed() {
        return maxAllowed;
    }

    /** Whether a subtask whose watermark is {@code watermark} must wait: re-reads the group (not only the last update). */
    public boolean waits(long watermark) {
        maxAllowed = group.maxAllowed(params.getMaxAllowedWatermarkDrift());
        return watermark > maxAllowed;
    }

    public boolean isPaused(String split) {
        return paused.contains(split);
    }

    /** Notes {@code pause} and {@code resume} and asks {@code splits} to apply them; fails clearly when the source cannot. */
    public void apply(Collection<String> pause, Collection<String> resume, Splits splits) {
        if (pause.isEmpty() && resume.isEmpty()) {
            return;
        }
        try {
            splits.pauseOrResume(pause, resume);
        } catch (UnsupportedOperationException e) {
            throw new UnsupportedOperationException("watermark alignment: source '" + source + "' reads several splits in one "
                    + "subtask but cannot pause them (SplitSourceFunction.pauseOrResumeSplits); read one split per subtask, or "
                    + "use a source that pauses splits (Kafka). Flink fails the same way.", e);
        }
        paused.addAll(pause);
        paused.removeAll(resume);
    }

    /** The subtask ended: it holds no one back any more. */
    public void finished() {
        group.report(reporter, Long.MAX_VALUE);
    }
}
