package io.tidemark.flink.bridge;

import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Right after a Flink source whose watermarks Flink does not checkpoint (its {@code KafkaSource}:
 * FLINK-5601), keeps the watermark the job had reached: the highest watermark passed on is kept in
 * every checkpoint (union list state {@value #STATE}); a restored operator emits it before anything
 * else and passes on only watermarks above it. Records pass untouched; chained to the source, it costs
 * a comparison per watermark.
 *
 * <p>What this restores: the source's generators start from nothing after a restore (their maximum
 * event time is not in the checkpoint) and their watermark climbs back from the first records read;
 * the watermark downstream stays at the restored one until theirs passes it. With one partition per
 * source subtask and a bounded out-of-orderness or monotonous strategy that is exactly the watermark of
 * an uninterrupted run: the restored generator's watermark is below the checkpointed one until a
 * record's event time passes the maximum before the checkpoint, and equal to the uninterrupted run's
 * from then on. With several partitions in a subtask, each partition's generator climbs back on its
 * own and the combined watermark can stay at the restored one for a while after an uninterrupted run's
 * would have moved on: never lower than before the restore (nothing already fired or dropped comes back
 * as on time), but some records may be on time that an uninterrupted run would have found late.
 * Rescaled, each subtask restores the lowest of the kept watermarks.
 */
public final class WatermarkFloor<T> extends AbstractStreamOperator<T> implements OneInputStreamOperator<T, T> {

    private static final long serialVersionUID = 1L;
    static final String STATE = "tidemark-watermark-floor";

    private transient ListState<Long> state;
    private transient long floor;

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        state = context.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>(STATE, Long.class));
        floor = Long.MIN_VALUE;
        boolean any = false;
        long lowest = Long.MAX_VALUE;
        for (Long w : state.get()) {
            any = true;
            lowest = Math.min(lowest, w);
        }
        if (any) {
            floor = lowest;
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        if (floor != Long.MIN_VALUE) {
            output.emitWatermark(new Watermark(floor));
        }
    }

    @Override
    public void processElement(StreamRecord<T> element) {
        output.collect(element);
    }

    @Override
    public void processWatermark(Watermark mark) {
        if (mark.getTimestamp() > floor) {
            floor = mark.getTimestamp();
            output.emitWatermark(mark);
        }
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        state.update(java.util.List.of(floor));
    }
}
