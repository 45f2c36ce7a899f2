package io.tidemark.runtime.operators;

import io.tidemark.api.common.functions.Function;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.util.OutputTag;

/**
 * What the process operators share: the collector that stamps outputs with the record's (or the
 * event-time timer's) timestamp, and a processing-time timer's with none (as Flink), the user-facing
 * timer service, side outputs, and the routing of both timer domains to one {@link #onTimer} callback.
 */
abstract class AbstractProcessOperator<IN, OUT> extends AbstractStreamOperator<IN, OUT> {

    private final Function function;
    protected TimestampedCollector<OUT> collector;
    protected TimerService timerServiceView;

    AbstractProcessOperator(Function function) {
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
        timerServiceView = new TimerServiceImpl(this);
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        collector.setTimestamp(record);
        process(record);
    }

    /** Calls the user function for {@code record}; the collector already carries its timestamp. */
    abstract void process(StreamRecord<IN> record) throws Exception;

    @Override
    public void onEventTime(Timer timer) throws Exception {
        collector.setTimestamp(timer.getTimestamp());
        onTimer(timer.getTimestamp(), TimeDomain.EVENT_TIME);
    }

    @Override
    public void onProcessingTime(Timer timer) throws Exception {
        collector.eraseTimestamp(); // as Flink: results of processing-time timers carry no timestamp
        onTimer(timer.getTimestamp(), TimeDomain.PROCESSING_TIME);
    }

    /** Calls the user function's {@code onTimer}; the collector already carries the output's timestamp. */
    abstract void onTimer(long time, TimeDomain domain) throws Exception;

    /** The record's timestamp, or null. */
    static Long timestampOf(StreamRecord<?> record) {
        return record != null && record.hasTimestamp() ? record.getTimestamp() : null;
    }

    <X> void emitSide(OutputTag<X> tag, X value, Long timestamp) {
        if (tag == null) {
            throw new IllegalArgumentException("OutputTag must not be null");
        }
        output.collect(tag, timestamp == null ? new StreamRecord<>(value) : new StreamRecord<>(value, timestamp));
    }
}
