package io.tidemark.runtime.operators.windowing;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;

/**
 * One session window of one key on the {@link SessionWindowOperator}: its bounds, its contents and
 * firing history, the (at most two) event-time timers registered for it — the trigger's timer at the
 * window's max timestamp and the cleanup timer, which coincide without allowed lateness — and the
 * key's next session ({@link SessionsByKey}).
 */
final class Session {

    final Object key;
    /** The window is {@code [start, end)}. */
    long start;
    long end;
    /** Accumulated contents (never empty: a session exists from its first element). */
    Object acc;
    /** The window's firing history ({@link WindowRules}). */
    int history = WindowRules.NEVER_FIRED;
    /** Registered timers, or null. */
    SessionTimers.Timer timerA;
    SessionTimers.Timer timerB;
    /** The key's next session by start, or null. */
    Session next;
    /** The window object, made when first needed and dropped when the bounds change. */
    private TimeWindow window;

    Session(Object key, long start, long end) {
        this.key = key;
        this.start = start;
        this.end = end;
    }

    long maxTimestamp() {
        return end - 1;
    }

    TimeWindow window() {
        TimeWindow w = window;
        if (w == null) {
            w = new TimeWindow(start, end);
            window = w;
        }
        return w;
    }

    void setBounds(long newStart, long newEnd) {
        if (newStart != start || newEnd != end) {
            start = newStart;
            end = newEnd;
            window = null;
        }
    }

    boolean intersects(long otherStart, long otherEnd) {
        return start <= otherEnd && end >= otherStart; // touching windows merge, as TimeWindow.intersects
    }
}
