package io.tidemark.examples.etl;

import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.ReplayClock;
import java.util.ArrayList;
import java.util.List;

/**
 * A Kafka-like source of {@link MyEvent}s in partitions, for seeds/001 §4.4.3: each event is read from
 * a named partition at a simulated arrival time (the job's {@link ReplayClock} is moved there first).
 * Used with {@code env.fromSource(source, strategy, name)}, which watermarks each partition on its own
 * and combines them as the minimum over the active partitions.
 */
public class PartitionedMySource implements SplitSourceFunction<MyEvent> {

    private static final long serialVersionUID = 1L;

    /** One event of one partition and the processing time it is read at. */
    public record PartitionArrival(long arrivalTime, String partition, MyEvent event) {}

    private final transient ReplayClock clock;
    private final transient List<PartitionArrival> arrivals;
    private volatile boolean running = true;

    public PartitionedMySource(ReplayClock clock, List<PartitionArrival> arrivals) {
        this.clock = clock;
        this.arrivals = List.copyOf(arrivals);
    }

    /**
     * The article's story: partition p1 stops (upstream failure) after 10:00:09 while p0 goes on. p0:
     * one event of u0 every 2 s from 10:00:00 to 10:01:28; p1: one event of u1 every 2 s from 10:00:01
     * to 10:00:09. Events arrive at their event time.
     */
    public static PartitionedMySource withStalledPartition(ReplayClock clock) {
        List<PartitionArrival> arrivals = new ArrayList<>();
        for (long t = 0; t <= 88_000; t += 1_000) {
            long eventTime = MySource.BASE + t;
            if (t % 2_000 == 0) {
                arrivals.add(new PartitionArrival(eventTime, "p0", new MyEvent("u0", eventTime, 1)));
            } else if (t <= 9_000) {
                arrivals.add(new PartitionArrival(eventTime, "p1", new MyEvent("u1", eventTime, 1)));
            }
        }
        return new PartitionedMySource(clock, arrivals);
    }

    @Override
    public void run(SplitSourceContext<MyEvent> ctx) {
        for (PartitionArrival a : arrivals) {
            if (!running) {
                return;
            }
            clock.advanceTo(a.arrivalTime());
            ctx.collect(a.partition(), a.event());
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
