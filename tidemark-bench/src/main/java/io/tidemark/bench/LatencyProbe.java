package io.tidemark.bench;

import org.HdrHistogram.Histogram;

/**
 * Latency of window results: the processing time from the moment the source's watermark first reached
 * a window's last millisecond to the moment each of that window's results reached the sink.
 * Watermark emissions and sink arrivals happen on the same thread in a chained Tidemark job, but the
 * probe is safe for two threads (single writer each, volatile hand-over of the watermark times).
 */
public final class LatencyProbe {

    private final long windowSize;
    private final long firstWindowEnd;
    private final long[] reachedAt; // nanoTime when the watermark reached end - 1 of window #j
    private volatile int highestReached = -1;
    private final Histogram histogram = new Histogram(60_000_000_000L, 3);

    public LatencyProbe(long firstWindowEnd, long windowSize, int windows) {
        this.firstWindowEnd = firstWindowEnd;
        this.windowSize = windowSize;
        this.reachedAt = new long[windows];
    }

    /** The source emitted watermark {@code wm} now. */
    public void watermark(long wm) {
        long now = System.nanoTime();
        int j = highestReached + 1;
        while (j < reachedAt.length && firstWindowEnd + (long) j * windowSize - 1 <= wm) {
            reachedAt[j] = now;
            j++;
        }
        highestReached = j - 1;
    }

    void resultArrived(long windowEnd) {
        int j = (int) ((windowEnd - firstWindowEnd) / windowSize);
        if (j < 0 || j > highestReached || j >= reachedAt.length) {
            return; // fired by the end of input, not by a watermark
        }
        histogram.recordValue(Math.max(0, System.nanoTime() - reachedAt[j]));
    }

    public Histogram histogram() {
        return histogram;
    }
}
