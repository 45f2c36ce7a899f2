package io.tidemark.runtime.operators;

import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.functions.co.CoMapFunction;

/** Runs a {@link CoMapFunction}: one result per record of either input, with the record's timestamp. */
public final class CoStreamMap<IN1, IN2, OUT> extends AbstractTwoInputOperator<IN1, IN2, OUT> {

    private final CoMapFunction<IN1, IN2, OUT> function;

    public CoStreamMap(CoMapFunction<IN1, IN2, OUT> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        output.collect(record.replace(function.map1(record.getValue())));
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        output.collect(record.replace(function.map2(record.getValue())));
    }
}
