package io.tidemark.streaming.api.windowing.assigners;

/** An assigner context whose processing time is fixed by the test. */
final class FixedProcessingTimeContext extends WindowAssigner.WindowAssignerContext {

    private final long processingTime;

    FixedProcessingTimeContext(long processingTime) {
        this.processingTime = processingTime;
    }

    @Override
    public long getCurrentProcessingTime() {
        return processingTime;
    }
}
