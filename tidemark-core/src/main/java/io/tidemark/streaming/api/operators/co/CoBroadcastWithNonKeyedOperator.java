package io.tidemark.streaming.api.operators.co;

import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import java.util.List;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;

/** The operator of a non-keyed stream connected with a broadcast stream ({@code BroadcastProcessFunction}); input 2 is the broadcast side. */
public final class CoBroadcastWithNonKeyedOperator<IN1, IN2, OUT> extends DescribedTwoInputOperator<IN1, IN2, OUT> {

    public CoBroadcastWithNonKeyedOperator(BroadcastProcessFunction<IN1, IN2, OUT> function, List<MapStateDescriptor<?, ?>> broadcastStateDescriptors) {
        super(new TwoInputOperatorDescription.BroadcastProcess(function, broadcastStateDescriptors));
    }
}
