package io.tidemark.runtime.operators;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.runtime.streamrecord.StreamRecord;

/** Runs a {@link MapFunction}; re-uses the incoming record object for the result. */
public final class StreamMap<IN, OUT> extends AbstractStreamOperator<IN, OUT> {

    private final MapFunction<IN, OUT> function;

    public StreamMap(MapFunction<IN, OUT> function) {
        this.function = function;
    }

    @Override
    protected Function userFunction() {
        return function;
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        output.collect(record.replace(function.map(record.getValue())));
    }
}
