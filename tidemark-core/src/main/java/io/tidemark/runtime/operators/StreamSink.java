package io.tidemark.runtime.operators;

import io.tidemark.api.common.functions.Function;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.functions.sink.SinkFunction;

/** Hands each record to a {@link SinkFunction}. */
public final class StreamSink<IN> extends AbstractStreamOperator<IN, Void> {

    private final SinkFunction<IN> function;
    private final SinkContext sinkContext = new SinkContext();

    public StreamSink(SinkFunction<IN> function) {
        this.function = function;
    }

    @Override
    protected Function userFunction() {
        return function;
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        sinkContext.record = record;
        function.invoke(record.getValue(), sinkContext);
    }

    @Override
    public void endInput() throws Exception {
        function.finish();
        super.endInput();
    }

    private final class SinkContext implements SinkFunction.Context {
        StreamRecord<IN> record;

        @Override
        public long currentProcessingTime() {
            return context.getClock().currentTimeMillis();
        }

        @Override
        public long currentWatermark() {
            return currentWatermark;
        }

        @Override
        public Long timestamp() {
            return record != null && record.hasTimestamp() ? record.getTimestamp() : null;
        }
    }
}
