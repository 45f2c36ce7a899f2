package io.tidemark.runtime.operators;

import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.common.functions.Function;
import io.tidemark.runtime.streamrecord.StreamRecord;

/** Runs a {@link FlatMapFunction}; every output keeps the input's timestamp. */
public final class StreamFlatMap<IN, OUT> extends AbstractStreamOperator<IN, OUT> {

    private final FlatMapFunction<IN, OUT> function;
    private TimestampedCollector<OUT> collector;

    public StreamFlatMap(FlatMapFunction<IN, OUT> function) {
        this.function = function;
    }

    @Override
    protected Function userFunction() {
        return function;
    }

    @Override
    public void open() throws Exception {
        super.open();
        collector = new TimestampedCollector<>(output);
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        collector.setTimestamp(record);
        function.flatMap(record.getValue(), collector);
    }
}
