package io.tidemark.streaming.api.windowing.assigners;

/** Shared checks of the built-in assigners. */
final class WindowAssignerSupport {

    private WindowAssignerSupport() {}

    /** The error for an element that reached an event-time assigner without a timestamp. */
    static RuntimeException missingTimestamp(Object element) {
        return new RuntimeException(
                "Record has Long.MIN_VALUE timestamp (= no timestamp marker): " + element
                        + ". Event-time windows need timestamps: did you forget to call"
                        + " 'DataStream.assignTimestampsAndWatermarks(...)' with a WatermarkStrategy,"
                        + " or did you mean to use processing-time windows?");
    }
}
