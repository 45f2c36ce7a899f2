package io.tidemark.cli.data;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

/**
 * One window firing: the key (each key-by field's value as a JSON literal), the window, the record
 * count, the aggregate values in {@code aggregate} order, the firing's timing, index and watermark,
 * and — for session windows — the earlier result rows this one replaces.
 *
 * @param replaces the bounds of earlier rows of the same key whose records this row now holds (a
 *     session that grew into or merged with sessions that had already fired); empty otherwise. A store
 *     keyed by (key, window start, window end) deletes those rows and writes this one.
 */
public record WindowResult(List<String> key, long windowStart, long windowEnd, long count, BigDecimal[] values,
        String timing, int firing, long watermark, List<Span> replaces) implements OutputRecord, Serializable {

    private static final long serialVersionUID = 1L;

    public WindowResult {
        key = List.copyOf(key);
        replaces = List.copyOf(replaces);
    }

    public Span span() {
        return new Span(windowStart, windowEnd);
    }

    /** The timing of a window that was still open when the run was stopped, written by {@code run --drain}. */
    public static final String DRAINED = "DRAINED";

    /** This firing with timing {@link #DRAINED}: the window's records so far, not its final result. */
    public WindowResult drained() {
        return new WindowResult(key, windowStart, windowEnd, count, values, DRAINED, firing, watermark, replaces);
    }
}
