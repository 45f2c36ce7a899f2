package io.tidemark.streaming.api.operators.co;

import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import java.util.List;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;

/** The operator of a keyed stream connected with a broadcast stream ({@code KeyedBroadcastProcessFunction}); input 2 is the broadcast side. */
public final class CoBroadcastWithKeyedOperator<K, IN1, IN2, OUT> extends DescribedTwoInputOperator<IN1, IN2, OUT> {

    public CoBroadcastWithKeyedOperator(KeyedBroadcastProcessFunction<K, IN1, IN2, OUT> function, List<MapStateDescriptor<?, ?>> broadcastStateDescriptors) {
        super(new TwoInputOperatorDescription.KeyedBroadcastProcess(function, broadcastStateDescriptors));
    }
}
