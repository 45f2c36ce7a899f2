package io.tidemark.api.common.metrics;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A read-only question to one subtask of a window operator while the job runs: what it holds and
 * recently did for one key around one window. The subtask answers on its own thread, between records
 * (its state is never read from another thread), so the answer is a future; it completes exceptionally
 * when the subtask has ended.
 *
 * <p>Keys are matched by their text ({@code String.valueOf(key)}), as a person or a URL gives them; a
 * key of several values (a list) also by its values' texts joined by {@code |} ({@code u1|shop-3}).
 */
public interface WindowQuery {

    /** What the subtask knows about the windows of {@code key} that start at {@code windowStart}. */
    CompletableFuture<Answer> ask(String key, long windowStart);

    /**
     * One subtask's answer.
     *
     * @param keyFound whether the subtask holds state, recent firings or recent late records of the key
     * @param currentWatermark the operator's input watermark when it answered
     * @param allowedLateness in ms
     * @param eventTime whether the windows are event-time windows
     * @param windowEnd the end of the window starting at {@code windowStart} when the assigner fixes it
     *     (tumbling, sliding), else {@code Long.MIN_VALUE} (sessions: see {@code openWindows})
     * @param openWindows the key's windows with contents now, nearest to {@code windowStart} first (at
     *     most {@value #MAX_LISTED} of them)
     * @param firings recent firings of the window starting at {@code windowStart} (sessions: of the
     *     key's sessions that contain it), oldest first
     * @param lateRecords recent late records of the key that belonged to that window (sessions: whose own
     *     session would have contained it), oldest first
     */
    record Answer(boolean keyFound, long currentWatermark, long allowedLateness, boolean eventTime, long windowEnd,
            List<OpenWindow> openWindows, List<FiringRecord> firings, List<LateRecord> lateRecords) {

        /** The most windows, firings or late records an answer lists. */
        public static final int MAX_LISTED = 50;

        public Answer {
            openWindows = List.copyOf(openWindows);
            firings = List.copyOf(firings);
            lateRecords = List.copyOf(lateRecords);
        }
    }

    /** A window of the key with contents: {@code [start, end)}, fired {@code firings} times so far. */
    record OpenWindow(long start, long end, int firings) {}

    /** A firing: the window, its timing (EARLY, ON_TIME, LATE) and index, and the watermark then. */
    record FiringRecord(long start, long end, String timing, int index, long watermark) {}

    /**
     * A late record: its timestamp, the watermark when it came, when it came, whether it was dropped
     * (else it went to the late side output), and the record as text.
     */
    record LateRecord(long timestamp, long watermark, long atProcessingTime, boolean dropped, String record) {}
}
