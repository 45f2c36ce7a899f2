package io.tidemark.streaming.api.functions.sink;

import io.tidemark.api.common.functions.Function;

/** Receives the records at the end of a pipeline. */
public interface SinkFunction<IN> extends Function {

    default void invoke(IN value, Context context) throws Exception {
        invoke(value);
    }

    default void invoke(IN value) throws Exception {}

    /** Called once when the input ended (after the final watermark); flush here. */
    default void finish() throws Exception {}

    /** What a sink can see about the record. */
    interface Context {
        long currentProcessingTime();

        long currentWatermark();

        /** The record's timestamp, or {@code null}. */
        Long timestamp();
    }
}
