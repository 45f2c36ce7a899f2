package io.tidemark.api.common.metrics;

import java.util.Map;

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

    String getOperatorName();

    /** The subtask's index; {@code -1} when the engine reports the operator's subtasks summed. */
    int getSubtaskIndex();

    /** Every metric's current value, by name. */
    Map<String, Long> snapshot();

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
