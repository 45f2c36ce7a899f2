package io.tidemark.streaming.api.functions.co;

import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.state.KeyedStateFunction;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.util.Collector;

/**
 * A function on a keyed stream connected with a broadcast stream: {@link #processElement} for each
 * keyed record (keyed state, timers, the broadcast state read only), {@link #processBroadcastElement}
 * for each broadcast record on every subtask (the broadcast state writable, and every key's state
 * through {@link Context#applyToKeyedState}).
 */
public abstract class KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT> extends BaseBroadcastProcessFunction {

    private static final long serialVersionUID = 1L;

    /** Called for each record of the keyed input. */
    public abstract void processElement(IN1 value, ReadOnlyContext ctx, Collector<OUT> out) throws Exception;

    /** Called for each record of the broadcast input, on every subtask. */
    public abstract void processBroadcastElement(IN2 value, Context ctx, Collector<OUT> out) throws Exception;

    /** Called when a timer set through {@link ReadOnlyContext#timerService()} fires. */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<OUT> out) throws Exception {}

    /** The broadcast side's context. */
    public abstract class Context extends BaseBroadcastProcessFunction.Context {
        /**
         * Applies {@code function} to the state {@code stateDescriptor} names, for every key of this
         * subtask that has it (in no defined order).
         */
        public abstract <VS, S extends State> void applyToKeyedState(StateDescriptor<S, VS> stateDescriptor,
                KeyedStateFunction<KS, S> function) throws Exception;
    }

    /** The keyed side's context. */
    public abstract class ReadOnlyContext extends BaseBroadcastProcessFunction.ReadOnlyContext {
        public abstract TimerService timerService();

        /** The key of the current record. */
        public abstract KS getCurrentKey();
    }

    /** What {@link #onTimer} can see. */
    public abstract class OnTimerContext extends ReadOnlyContext {
        public abstract TimeDomain timeDomain();

        /** The key of the firing timer. */
        @Override
        public abstract KS getCurrentKey();
    }
}
