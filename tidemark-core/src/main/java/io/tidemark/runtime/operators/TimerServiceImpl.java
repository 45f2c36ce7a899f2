package io.tidemark.runtime.operators;

import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.runtime.timers.InternalTimerService;
import io.tidemark.streaming.api.TimerService;

/** The user-facing {@link TimerService} of a process operator. */
final class TimerServiceImpl implements TimerService {

    private final AbstractStreamOperator<?, ?> operator;

    TimerServiceImpl(AbstractStreamOperator<?, ?> operator) {
        this.operator = operator;
    }

    private InternalTimerService timers() {
        InternalTimerService t = operator.getTimerService();
        if (t == null) {
            throw new UnsupportedOperationException(
                    "setting timers is only supported on a keyed stream: call keyBy(...) before process(...)");
        }
        return t;
    }

    @Override
    public long currentProcessingTime() {
        return operator.getContext().getClock().currentTimeMillis();
    }

    @Override
    public long currentWatermark() {
        return operator.getCurrentWatermark();
    }

    @Override
    public void registerProcessingTimeTimer(long time) {
        timers().registerProcessingTimeTimer(VoidNamespace.INSTANCE, time);
    }

    @Override
    public void registerEventTimeTimer(long time) {
        timers().registerEventTimeTimer(VoidNamespace.INSTANCE, time);
    }

    @Override
    public void deleteProcessingTimeTimer(long time) {
        timers().deleteProcessingTimeTimer(VoidNamespace.INSTANCE, time);
    }

    @Override
    public void deleteEventTimeTimer(long time) {
        timers().deleteEventTimeTimer(VoidNamespace.INSTANCE, time);
    }
}
