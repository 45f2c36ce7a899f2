package io.tidemark.api.common.metrics;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The metrics of one operator subtask, as the engine that ran it reports them. Names follow Flink's
 * where Flink has one. An engine reports the metrics it keeps; the embedded engine keeps all of them.
 */
public interface SubtaskMetrics {

    String NUM_RECORDS_IN = "numRecordsIn";
    String NUM_RECORDS_OUT = "numRecordsOut";
    String NUM_LATE_RECORDS_DROPPED = "numLateRecordsDropped";
    String NUM_LATE_RECORDS_SIDE_OUTPUT = "numLateRecordsSideOutput";
    String NUM_LATE_RECORDS_RE_FIRED = "numLateRecordsReFired";
    String NUM_RECORDS_WITHOUT_WINDOW = "numRecordsWithoutWindow";
    String NUM_WINDOW_FIRINGS = "numWindowFirings";
    String CURRENT_INPUT_WATERMARK = "currentInputWatermark";
    String CURRENT_OUTPUT_WATERMARK = "currentOutputWatermark";
    String WATERMARK_LAG = "watermarkLag";
    String IDLE = "idle";
    String MAX_WATERMARK_LAG = "maxWatermarkLag";
    String LAST_EVENT_TIME_WATERMARK = "lastEventTimeWatermark";
    String QUEUE_FILL = "queueFill";
    /** Windows with contents now ((key, window) pairs; sliding windows by frame); window operators only. */
    String OPEN_WINDOWS = "openWindows";
    /** Objects the operator keeps in its window state (accumulators, or elements kept for a full window function). */
    String STATE_SIZE = "stateSize";
    /** The watermark's out-of-orderness bound in use, ms (an adaptive bound as learned); generating subtasks only. */
    String WATERMARK_BOUND = "watermarkBound";

    String getOperatorName();

    /** The subtask's index; {@code -1} when the engine reports the operator's subtasks summed. */
    int getSubtaskIndex();

    /** Every metric's current value, by name. */
    Map<String, Long> snapshot();

    /**
     * The subtask's inputs as last published: the splits of a split source, the input channels of an
     * operator behind an exchange; empty for a chained operator, or where the engine does not report them.
     */
    default List<InputStatus> inputs() {
        return List.of();
    }

    /** The input (split or channel) holding this subtask's watermark back, or null. */
    default String inputHoldingBack() {
        return null;
    }

    /**
     * The operator this subtask's records and watermarks come from: the one before it in its chain, or
     * the producer of its input channels (its channel {@code i} is that operator's subtask {@code i});
     * null for a source, or where the engine does not report it.
     */
    default String upstreamOperator() {
        return null;
    }

    /** How this subtask generates watermarks, when it does (a source with a strategy, assignTimestampsAndWatermarks). */
    default Optional<WatermarkGeneration> watermarkGeneration() {
        return Optional.empty();
    }

    /** Questions to a window operator's subtask about one key's windows; empty for other operators. */
    default Optional<WindowQuery> windowQuery() {
        return Optional.empty();
    }

    /**
     * How a metric combines over subtasks: watermarks and the current lag take the minimum, the maximum
     * lag the maximum, everything else is summed.
     */
    static long combine(String metric, long a, long b) {
        if (metric.equals(MAX_WATERMARK_LAG)) {
            return Math.max(a, b);
        }
        if (metric.endsWith("Watermark") || metric.equals(WATERMARK_LAG)) {
            return Math.min(a, b);
        }
        return a + b;
    }
}
