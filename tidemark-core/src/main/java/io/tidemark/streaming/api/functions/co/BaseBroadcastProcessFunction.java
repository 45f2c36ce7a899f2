package io.tidemark.streaming.api.functions.co;

import io.tidemark.api.common.functions.AbstractRichFunction;
import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReadOnlyBroadcastState;
import io.tidemark.util.OutputTag;

/**
 * What the two broadcast process functions share: the contexts of the broadcast side (which may write
 * the broadcast state) and of the other side (which may only read it).
 */
public abstract class BaseBroadcastProcessFunction extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** What both sides can see. */
    abstract class BaseContext {
        /** The record's event timestamp, or {@code null} when there is none. */
        public abstract Long timestamp();

        public abstract <X> void output(OutputTag<X> outputTag, X value);

        public abstract long currentProcessingTime();

        /** The operator's watermark: the minimum of both inputs' (an idle input left out). */
        public abstract long currentWatermark();
    }

    /** The broadcast side's context: the broadcast state is writable. */
    public abstract class Context extends BaseContext {
        public abstract <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> stateDescriptor);
    }

    /** The other side's context: the broadcast state is read only. */
    public abstract class ReadOnlyContext extends BaseContext {
        public abstract <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> stateDescriptor);
    }
}
