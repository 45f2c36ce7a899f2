package io.tidemark.examples;

import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.time.ReplayClock;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A bounded source that replays records in arrival order: before emitting each record it moves the
 * job's {@link ReplayClock} to the record's simulated arrival time. Processing time (periodic
 * watermarks, idleness, {@code currentProcessingTime()}) then follows the data, so every run gives
 * the same output, at full speed, without sleeping.
 *
 * <p>Not from the seeds: their sources (Kafka consumers, {@code MySource}, {@code OrderSource},
 * {@code EventSource}) are not shown; the examples' sources extend this class.
 *
 * @param <T> record type
 */
public class ReplaySource<T> implements SourceFunction<T> {

    private static final long serialVersionUID = 1L;

    /** One record and the processing time at which it reaches the job. */
    public record Arrival<T>(long arrivalTime, T record) {}

    private final transient ReplayClock clock;
    private final transient List<Arrival<T>> arrivals;
    private final transient ToLongFunction<T> recordTimestamp;
    private volatile boolean running = true;

    /** Emits records without a timestamp (a later {@code assignTimestampsAndWatermarks} gives them one). */
    public ReplaySource(ReplayClock clock, List<Arrival<T>> arrivals) {
        this(clock, arrivals, null);
    }

    /**
     * Emits records with the timestamp {@code recordTimestamp} gives, as a Kafka source attaches the
     * record timestamp; {@code null} to emit them without one.
     */
    public ReplaySource(ReplayClock clock, List<Arrival<T>> arrivals, ToLongFunction<T> recordTimestamp) {
        this.clock = clock;
        this.arrivals = List.copyOf(arrivals);
        this.recordTimestamp = recordTimestamp;
        for (int i = 1; i < this.arrivals.size(); i++) {
            if (this.arrivals.get(i).arrivalTime() < this.arrivals.get(i - 1).arrivalTime()) {
                throw new IllegalArgumentException("arrivals must be in arrival order: " + this.arrivals.get(i));
            }
        }
    }

    /** The records in arrival order, with their arrival times. */
    public List<Arrival<T>> arrivals() {
        return arrivals;
    }

    @Override
    public void run(SourceContext<T> ctx) {
        for (Arrival<T> a : arrivals) {
            if (!running) {
                return;
            }
            clock.advanceTo(a.arrivalTime());
            if (recordTimestamp == null) {
                ctx.collect(a.record());
            } else {
                ctx.collectWithTimestamp(a.record(), recordTimestamp.applyAsLong(a.record()));
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
