package io.tidemark.cli.job;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.io.Event;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The job's windows and aggregates run by the embedded engine in batch mode: over a given collection
 * of records, with no watermark until the input ends, so that every window fires once, with all its
 * records, none late (Flink's batch execution of a windowed job gives the same). The window functions
 * are the job's own ({@link EventAggregate}, {@link ResultWindowFunction}); used by {@code backfill}.
 */
public final class BatchRun {

    private static final Map<Long, List<WindowResult>> RUNS = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();

    private BatchRun() {}

    /** Each window's one firing over {@code events} (timing {@code ON_TIME}, watermark at the end of input). */
    public static List<WindowResult> run(JobConfig job, List<Event> events) throws Exception {
        long id = IDS.incrementAndGet();
        List<WindowResult> out = java.util.Collections.synchronizedList(new ArrayList<>());
        RUNS.put(id, out);
        try {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(1);
            env.fromCollection(events)
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Event>noWatermarks().withTimestampAssigner((e, t) -> e.timestamp()))
                    .keyBy(Event::key)
                    .window(JobRunner.assigner(job.window()))
                    .aggregate(new EventAggregate(job.aggregates()),
                            new ResultWindowFunction(job.aggregates(), job.window().type() == JobConfig.WindowType.SESSION))
                    .addSink(new Collect(id));
            env.execute(job.name() + " (batch)");
            return new ArrayList<>(out);
        } finally {
            RUNS.remove(id);
        }
    }

    /** Hands results to the run's list (the embedded engine runs in this JVM). */
    private record Collect(long id) implements SinkFunction<WindowResult> {
        @Override
        public void invoke(WindowResult r, Context context) {
            RUNS.get(id).add(r);
        }
    }
}
