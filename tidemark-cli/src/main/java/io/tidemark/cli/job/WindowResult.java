package io.tidemark.cli.job;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

/**
 * One window firing: the key (each field's JSON literal), the window, the aggregate values in
 * {@code aggregate} order, and the firing's timing, index and watermark.
 */
public record WindowResult(List<String> key, long windowStart, long windowEnd, long count, BigDecimal[] values,
        String timing, int firing, long watermark) implements Serializable {

    /** Identifies the window (key and bounds) across its firings. */
    public String windowId() {
        return key + "|" + windowStart + "|" + windowEnd;
    }
}
