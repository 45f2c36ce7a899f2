package io.tidemark.runtime.operators;

import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.functions.co.CoFlatMapFunction;

/** Runs a {@link CoFlatMapFunction}: any number of results per record of either input, with its timestamp. */
public final class CoStreamFlatMap<IN1, IN2, OUT> extends AbstractTwoInputOperator<IN1, IN2, OUT> {

    private final CoFlatMapFunction<IN1, IN2, OUT> function;

    public CoStreamFlatMap(CoFlatMapFunction<IN1, IN2, OUT> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        collector.setTimestamp(record);
        function.flatMap1(record.getValue(), collector);
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        collector.setTimestamp(record);
        function.flatMap2(record.getValue(), collector);
    }
}
