package io.tidemark.runtime.operators;

import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.streaming.api.functions.co.ProcessJoinFunction;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;
import io.tidemark.util.OutputTag;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The interval join of two keyed streams, Flink's {@code IntervalJoinOperator} rule for rule. With the
 * bounds made inclusive ({@code lower}, {@code upper}: an exclusive bound moves 1 ms inwards), a left
 * element at {@code l} and a right element of its key at {@code r} join when
 * {@code l + lower <= r <= l + upper}.
 *
 * <ul>
 *   <li>An element whose timestamp is below the operator's watermark (the minimum of both inputs') is
 *       late: it goes to its side's late output, or is dropped (both counted), and joins nothing. An
 *       element without a timestamp fails the job.
 *   <li>Otherwise it is buffered under its timestamp, then joined with every buffered element of the
 *       other side in its range (the left element at {@code l} meets right elements in
 *       {@code [l + lower, l + upper]}; the right element at {@code r} meets left ones in
 *       {@code [r - upper, r - lower]}), in ascending timestamp order, then arrival order. Each pair
 *       goes to the {@link ProcessJoinFunction} with the larger timestamp as the result's.
 *   <li>Cleanup: a left element is dropped when the watermark reaches {@code l + upper} ({@code l} when
 *       {@code upper <= 0}); a right element when it reaches {@code r - lower} ({@code r} when
 *       {@code lower >= 0}): an event-time timer per side and timestamp.
 * </ul>
 *
 * <p>Worked example, {@code between(-2 ms, +1 ms)}: left at 10 joins right elements at 8, 9, 10 and 11;
 * the left element is kept until the watermark reaches 11, the right element at 8 until it reaches 10.
 *
 * <p>State: per key and side, the buffered elements by timestamp (a sorted map). Bounds: per element
 * O(log b + m) for b buffered timestamps of the other side and m matches; each buffered element lives
 * until its cleanup timer, so at most the elements of {@code upper - lower} ms (plus the watermark's
 * lag) per key and side.
 */
public final class IntervalJoinOperator<K, IN1, IN2, OUT> extends AbstractTwoInputOperator<IN1, IN2, OUT> {

    /** The timer namespace of left (right) cleanups. */
    static final String CLEANUP_LEFT = "CLEANUP_LEFT";
    static final String CLEANUP_RIGHT = "CLEANUP_RIGHT";

    private final ProcessJoinFunction<IN1, IN2, OUT> function;
    private final long lowerBound;
    private final long upperBound;
    private final OutputTag<IN1> leftLateDataTag;
    private final OutputTag<IN2> rightLateDataTag;
    private final Map<Object, NavigableMap<Long, List<IN1>>> leftBuffer = new HashMap<>();
    private final Map<Object, NavigableMap<Long, List<IN2>>> rightBuffer = new HashMap<>();
    private Ctx ctx;

    @SuppressWarnings("unchecked")
    public IntervalJoinOperator(TwoInputOperatorDescription.IntervalJoin description) {
        super(description.function());
        this.function = (ProcessJoinFunction<IN1, IN2, OUT>) description.function();
        this.lowerBound = description.inclusiveLowerBound();
        this.upperBound = description.inclusiveUpperBound();
        this.leftLateDataTag = (OutputTag<IN1>) description.leftLateDataTag();
        this.rightLateDataTag = (OutputTag<IN2>) description.rightLateDataTag();
    }

    @Override
    public void open() throws Exception {
        super.open();
        ctx = new Ctx();
    }

    /** Buffered elements of both sides across all keys. */
    public int numBufferedElements() {
        return count(leftBuffer) + count(rightBuffer);
    }

    private static int count(Map<Object, ? extends NavigableMap<Long, ? extends List<?>>> buffer) {
        int n = 0;
        for (NavigableMap<Long, ? extends List<?>> byTime : buffer.values()) {
            for (List<?> l : byTime.values()) {
                n += l.size();
            }
        }
        return n;
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        long ts = timestampOf(record, "left");
        if (ts < currentWatermark) {
            late(leftLateDataTag, record);
            return;
        }
        Object key = currentKey();
        buffer(leftBuffer, key, ts, record.getValue());
        NavigableMap<Long, List<IN2>> other = rightBuffer.get(key);
        if (other != null) {
            for (Map.Entry<Long, List<IN2>> bucket : range(other, ts, lowerBound, upperBound).entrySet()) {
                for (IN2 right : bucket.getValue()) {
                    join(record.getValue(), right, ts, bucket.getKey());
                }
            }
        }
        timerService.registerEventTimeTimer(CLEANUP_LEFT, upperBound > 0 ? ts + upperBound : ts);
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        long ts = timestampOf(record, "right");
        if (ts < currentWatermark) {
            late(rightLateDataTag, record);
            return;
        }
        Object key = currentKey();
        buffer(rightBuffer, key, ts, record.getValue());
        NavigableMap<Long, List<IN1>> other = leftBuffer.get(key);
        if (other != null) {
            for (Map.Entry<Long, List<IN1>> bucket : range(other, ts, -upperBound, -lowerBound).entrySet()) {
                for (IN1 left : bucket.getValue()) {
                    join(left, record.getValue(), bucket.getKey(), ts);
                }
            }
        }
        timerService.registerEventTimeTimer(CLEANUP_RIGHT, lowerBound < 0 ? ts - lowerBound : ts);
    }

    private static long timestampOf(StreamRecord<?> record, String side) {
        if (!record.hasTimestamp() || record.getTimestamp() == Long.MIN_VALUE) {
            throw new IllegalArgumentException("the " + side + " element " + record.getValue() + " has no timestamp: "
                    + "the elements of an interval join need event-time timestamps (assignTimestampsAndWatermarks)");
        }
        return record.getTimestamp();
    }

    private <T> void late(OutputTag<T> tag, StreamRecord<T> record) {
        if (tag != null) {
            metrics.numLateRecordsSideOutput.inc();
            output.collect(tag, record);
        } else {
            metrics.numLateRecordsDropped.inc();
        }
    }

    private static <T> void buffer(Map<Object, NavigableMap<Long, List<T>>> buffer, Object key, long ts, T value) {
        buffer.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(ts, t -> new ArrayList<>(2)).add(value);
    }

    /** The buckets of {@code other} within {@code [ts + from, ts + to]} (the sums saturate). */
    private static <T> NavigableMap<Long, List<T>> range(NavigableMap<Long, List<T>> other, long ts, long from, long to) {
        return other.subMap(saturatedAdd(ts, from), true, saturatedAdd(ts, to), true);
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) {
            return b > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        return r;
    }

    private void join(IN1 left, IN2 right, long leftTs, long rightTs) throws Exception {
        long resultTs = Math.max(leftTs, rightTs);
        collector.setTimestamp(resultTs);
        ctx.left = leftTs;
        ctx.right = rightTs;
        ctx.result = resultTs;
        function.processElement(left, right, ctx, collector);
    }

    @Override
    public void onEventTime(Timer timer) throws Exception {
        Object key = timer.getKey();
        long time = timer.getTimestamp();
        if (CLEANUP_LEFT.equals(timer.getNamespace())) {
            remove(leftBuffer, key, upperBound <= 0 ? time : time - upperBound);
        } else if (CLEANUP_RIGHT.equals(timer.getNamespace())) {
            remove(rightBuffer, key, lowerBound <= 0 ? time + lowerBound : time);
        }
    }

    private static void remove(Map<Object, ? extends NavigableMap<Long, ?>> buffer, Object key, long ts) {
        NavigableMap<Long, ?> byTime = buffer.get(key);
        if (byTime != null) {
            byTime.remove(ts);
            if (byTime.isEmpty()) {
                buffer.remove(key);
            }
        }
    }

    // ------------------------------------------------------------------ checkpoints

    private static final String BUFFERS_SECTION = "intervalJoin";

    /**
     * Section {@code intervalJoin}: the bounds, then each side's buffers (per key: the key, its
     * timestamps in order, per timestamp its elements in arrival order). The cleanup timers are in
     * the keyed timer service's section.
     */
    @Override
    protected void snapshotOwnState(StateSnapshot.Builder out) throws Exception {
        out.section(BUFFERS_SECTION, 1, o -> {
            o.writeLong(lowerBound);
            o.writeLong(upperBound);
            writeBuffer(o, leftBuffer);
            writeBuffer(o, rightBuffer);
        });
    }

    @Override
    protected void restoreOwnState(StateSnapshot snapshot, RestoredState restored) throws Exception {
        for (StateSnapshot part : restored.keyed()) {
            restoreBuffers(part, restored);
        }
    }

    private void restoreBuffers(StateSnapshot snapshot, RestoredState restored) throws Exception {
        snapshot.read(BUFFERS_SECTION, 1, in -> {
            long lower = in.readLong();
            long upper = in.readLong();
            if (lower != lowerBound || upper != upperBound) {
                throw new IllegalStateException("the checkpoint holds an interval join between " + lower + " and " + upper
                        + " ms (inclusive); this job's interval join '" + context.getOperatorName() + "' is between "
                        + lowerBound + " and " + upperBound + " ms: its buffers and cleanup timers do not fit");
            }
            readBuffer(in, leftBuffer, restored.keys());
            readBuffer(in, rightBuffer, restored.keys());
        });
    }

    private static void writeBuffer(StateOutput out, Map<Object, ? extends NavigableMap<Long, ? extends List<?>>> buffer)
            throws IOException {
        out.writeInt(buffer.size());
        for (Map.Entry<Object, ? extends NavigableMap<Long, ? extends List<?>>> key : buffer.entrySet()) {
            out.writeValue(key.getKey());
            out.writeInt(key.getValue().size());
            for (Map.Entry<Long, ? extends List<?>> bucket : key.getValue().entrySet()) {
                out.writeLong(bucket.getKey());
                out.writeInt(bucket.getValue().size());
                for (Object value : bucket.getValue()) {
                    out.writeValue(value);
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> void readBuffer(StateInput in, Map<Object, NavigableMap<Long, List<T>>> buffer, Predicate<Object> keys)
            throws IOException {
        for (int k = in.readInt(); k > 0; k--) {
            Object key = in.readValue();
            NavigableMap<Long, List<T>> byTime = new TreeMap<>();
            for (int t = in.readInt(); t > 0; t--) {
                long ts = in.readLong();
                int n = in.readInt();
                List<T> values = new ArrayList<>(Math.max(n, 2));
                for (int i = 0; i < n; i++) {
                    values.add((T) in.readValue());
                }
                byTime.put(ts, values);
            }
            if (keys.test(key)) {
                buffer.put(key, byTime);
            }
        }
    }

    private final class Ctx extends ProcessJoinFunction<IN1, IN2, OUT>.Context {
        long left;
        long right;
        long result;

        Ctx() {
            function.super();
        }

        @Override
        public long getLeftTimestamp() {
            return left;
        }

        @Override
        public long getRightTimestamp() {
            return right;
        }

        @Override
        public long getTimestamp() {
            return result;
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            emitSide(outputTag, value, result);
        }
    }
}
