package io.tidemark.runtime.operators;

import io.tidemark.api.common.functions.FilterFunction;
import io.tidemark.api.common.functions.Function;
import io.tidemark.runtime.streamrecord.StreamRecord;

/** Runs a {@link FilterFunction}. */
public final class StreamFilter<T> extends AbstractStreamOperator<T, T> {

    private final FilterFunction<T> function;

    public StreamFilter(FilterFunction<T> function) {
        this.function = function;
    }

    @Override
    protected Function userFunction() {
        return function;
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        if (function.filter(record.getValue())) {
            output.collect(record);
        }
    }
}
