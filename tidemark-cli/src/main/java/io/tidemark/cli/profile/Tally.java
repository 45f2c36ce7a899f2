package io.tidemark.cli.profile;

import io.tidemark.api.common.eventtime.DisorderSketch;

/**
 * What one candidate's simulated window operator did: the figures {@code tidemark tune} compares. A
 * window here is one key's window (a window result row), as the run summary counts them.
 */
final class Tally {

    /** Records that reached the window operator. */
    long records;
    /** Records late for every window they belong to: the late output (side output, or dropped). */
    long late;
    /** Records between the windows of sliding windows with gaps (dead letters {@code no-window}). */
    long noWindow;
    /** Windows that fired (their on-time firing, or the first firing of a window created behind the watermark). */
    long fired;
    /** Later firings: a record within the allowed lateness updated a window that had fired. */
    long reFirings;
    /** Of {@link #fired}, the windows fired only by the end of the input (no firing delay measured). */
    long firedAtEnd;
    /** Windows holding state now, and at most. */
    long open;
    long peakOpen;
    /** Processing time from a window's end to its first firing (ms), windows fired before the end of the input. */
    final DisorderSketch firingDelay = new DisorderSketch();

    void opened(long n) {
        open += n;
        if (open > peakOpen) {
            peakOpen = open;
        }
    }

    /** {@code n} windows ending at {@code end} fire for the first time at processing time {@code now}; {@code atEnd}: by the end of the input. */
    void firstFirings(long n, long end, long now, boolean atEnd) {
        fired += n;
        if (atEnd) {
            firedAtEnd += n;
        } else {
            firingDelay.record(now - end, n);
        }
    }
}
