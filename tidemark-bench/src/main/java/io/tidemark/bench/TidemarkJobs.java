package io.tidemark.bench;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.JoinFunction;
import io.tidemark.api.common.functions.Commutative;
import io.tidemark.api.common.functions.LongColumnsAggregateFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.serialization.DeserializationSchema;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import io.tidemark.flink.FlinkRunner;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** The workloads as Tidemark pipelines (embedded engine, parallelism 1 unless asked otherwise). */
public final class TidemarkJobs {

    private TidemarkJobs() {}

    // ------------------------------------------------------------------ functions

    /**
     * Reads the shared columns, subtask {@code s} of {@code p} the rows {@code i ≡ s (mod p)} as its
     * split, handing them over in batches of {@value #BATCH}; or one by one, paced to a fixed rate
     * (latency runs).
     */
    static final class Source implements SplitSourceFunction<Event> {
        private static final int BATCH = 256;
        private final long eventsPerSecond;
        private volatile boolean running = true;

        Source(long eventsPerSecond) {
            this.eventsPerSecond = eventsPerSecond;
        }

        @Override
        public void run(SplitSourceContext<Event> ctx) {
            Events e = Shared.events;
            int step = ctx.getNumberOfParallelSubtasks();
            String split = "events-" + ctx.getIndexOfThisSubtask();
            ctx.announceSplit(split);
            long start = System.nanoTime();
            Shared.sourceStarted(start);
            if (eventsPerSecond == 0) {
                // as a source reading in chunks would: one lock per batch (SplitSourceContext#collectAll)
                List<Event> batch = new ArrayList<>(BATCH);
                for (int i = ctx.getIndexOfThisSubtask(), n = e.n; i < n && running; i += step) {
                    batch.add(e.event(i));
                    if (batch.size() == BATCH) {
                        ctx.collectAll(split, batch);
                        batch.clear();
                    }
                }
                ctx.collectAll(split, batch);
                return;
            }
            for (int i = ctx.getIndexOfThisSubtask(), n = e.n; i < n && running; i += step) {
                if ((i & 255) == 0) {
                    long due = start + (long) (i * (1e9 / eventsPerSecond));
                    long wait;
                    while ((wait = due - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                    }
                }
                ctx.collect(split, e.event(i));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /**
     * The rows as {@value #SPLITS} splits (row {@code i} in split {@code i mod SPLITS}), each handed over
     * in chunks of {@value #BATCH} (W6): per-split watermarks and idleness.
     */
    static final class SplitsSource implements SplitSourceFunction<Event> {
        static final int SPLITS = 16;
        private volatile boolean running = true;

        @Override
        @SuppressWarnings("unchecked")
        public void run(SplitSourceContext<Event> ctx) {
            Events e = Shared.events;
            List<Event>[] chunks = new List[SPLITS];
            for (int s = 0; s < SPLITS; s++) {
                chunks[s] = new ArrayList<>(Source.BATCH);
                ctx.announceSplit(name(s));
            }
            Shared.sourceStarted(System.nanoTime());
            for (int i = 0, n = e.n; i < n && running; i++) {
                List<Event> chunk = chunks[i % SPLITS];
                chunk.add(e.event(i));
                if (chunk.size() == Source.BATCH) {
                    ctx.collectAll(name(i % SPLITS), chunk);
                    chunk.clear();
                }
            }
            for (int s = 0; s < SPLITS; s++) {
                ctx.collectAll(name(s), chunks[s]);
            }
        }

        private static String name(int split) {
            return SPLIT_NAMES[split];
        }

        private static final String[] SPLIT_NAMES = new String[SPLITS];

        static {
            for (int s = 0; s < SPLITS; s++) {
                SPLIT_NAMES[s] = "split-" + s;
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** The same rows through a plain source (for assignTimestampsAndWatermarks, W4). */
    static final class PlainSource implements SourceFunction<Event> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Event> ctx) {
            Events e = Shared.events;
            Shared.sourceStarted(System.nanoTime());
            for (int i = 0, n = e.n; i < n && running; i++) {
                ctx.collect(e.event(i));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Bounded out-of-orderness emitted on every event that raises the maximum (deterministic lateness). */
    static final class PunctuatedBounded implements WatermarkGenerator<Event> {
        private long max = Long.MIN_VALUE;

        @Override
        public void onEvent(Event event, long timestamp, WatermarkOutput output) {
            if (timestamp > max) {
                max = timestamp;
                output.emitWatermark(new Watermark(max - Events.DISORDER_MS - 1));
            }
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    /** Bounded out-of-orderness, periodic, telling the latency probe when each watermark left. */
    static final class ProbedBounded implements WatermarkGenerator<Event> {
        private long max = Long.MIN_VALUE + Events.DISORDER_MS + 1;

        @Override
        public void onEvent(Event event, long timestamp, WatermarkOutput output) {
            max = Math.max(max, timestamp);
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {
            long wm = max - Events.DISORDER_MS - 1;
            output.emitWatermark(new Watermark(wm));
            LatencyProbe p = Shared.latency;
            if (p != null) {
                p.watermark(wm);
            }
        }
    }

    /**
     * Count and sum of longs: order-insensitive, so sliding windows may accumulate per slide frame; two
     * longs of state, so tumbling and sliding windows may keep it in primitive columns.
     */
    static final class CountSum implements LongColumnsAggregateFunction<Event, Acc>, Commutative {
        @Override
        public int width() {
            return 2;
        }

        @Override
        public void add(Event value, long[] acc, int at) {
            acc[at]++;
            acc[at + 1] += value.value;
        }

        @Override
        public void merge(long[] a, int at, long[] b, int bt) {
            a[at] += b[bt];
            a[at + 1] += b[bt + 1];
        }

        @Override
        public Acc result(long[] acc, int at) {
            Acc r = new Acc();
            r.count = acc[at];
            r.sum = acc[at + 1];
            return r;
        }
    }

    static final class ToResult extends ProcessWindowFunction<Acc, Result, Long, TimeWindow> {
        @Override
        public void process(Long key, Context context, Iterable<Acc> elements, Collector<Result> out) {
            Acc acc = elements.iterator().next();
            TimeWindow w = context.window();
            out.collect(new Result(key, w.getStart(), w.getEnd(), acc.count, acc.sum));
        }
    }

    /** Highest count, ties to the smaller key (Nexmark q5). */
    static final class HotItem implements ReduceFunction<Result> {
        @Override
        public Result reduce(Result a, Result b) {
            if (a.count != b.count) {
                return a.count > b.count ? a : b;
            }
            return a.key <= b.key ? a : b;
        }
    }

    /** A person and an auction they opened in one window: (person, window start, end, auction, 0) (Nexmark q8). */
    static final class NewSeller implements JoinFunction<Event, Event, Result> {
        @Override
        public Result join(Event person, Event auction) {
            long start = Loops.windowStart(person.ts, 10_000);
            return new Result(person.key, start, start + 10_000, auction.key, 0);
        }
    }

    /** Highest price, then smaller auction, then smaller bidder (Nexmark q7). */
    static final class MaxBid implements ReduceFunction<Event> {
        @Override
        public Event reduce(Event a, Event b) {
            return Loops.beats(b.value, b.key, b.key2, a.value, a.key, a.key2) ? b : a;
        }
    }

    static final class BidResult extends ProcessWindowFunction<Event, Result, Long, TimeWindow> {
        @Override
        public void process(Long key, Context context, Iterable<Event> elements, Collector<Result> out) {
            Event b = elements.iterator().next();
            out.collect(new Result(b.key, context.window().getStart(), context.window().getEnd(), b.key2, b.value));
        }
    }

    static final class ResultSink implements SinkFunction<Result> {
        @Override
        public void invoke(Result value) {
            Shared.result(value);
        }

        @Override
        public void finish() {
            Shared.sinkFinished(System.nanoTime());
        }
    }

    static final class LateSink implements SinkFunction<Event> {
        @Override
        public void invoke(Event value) {
            Shared.late(value);
        }
    }

    // ------------------------------------------------------------------ pipelines

    static DataStream<Event> source(StreamExecutionEnvironment env, long rate, boolean probed) {
        WatermarkStrategy<Event> strategy = probed
                ? WatermarkStrategy.<Event>forGenerator(ctx -> new ProbedBounded())
                : WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(Events.DISORDER_MS));
        return env.fromSource(new Source(rate), strategy.withTimestampAssigner((e, t) -> e.ts), "events");
    }

    /** Builds the workload's pipeline, runs it to the end on the embedded engine, returns the job result. */
    public static JobExecutionResult run(String workload, int parallelism, long rate) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        build(workload, env, rate);
        return env.execute("bench-" + workload);
    }

    /**
     * The same on the embedded engine with a checkpoint every {@code intervalMillis} (exactly once, to a
     * temporary directory deleted afterwards): the cost of checkpoints, as engine {@code cp-1s}.
     */
    public static JobExecutionResult runCheckpointed(String workload, int parallelism, long intervalMillis) throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("tidemark-bench-checkpoints");
        try {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
            env.enableCheckpointing(intervalMillis);
            env.getCheckpointConfig().setCheckpointStorage(dir.toString());
            build(workload, env, 0);
            JobExecutionResult r = env.execute("bench-" + workload + "-checkpointed");
            // chk-N of the final checkpoint is the number taken, the final one included
            System.out.println("cp-1s: " + new io.tidemark.runtime.checkpoint.CheckpointStorage(dir).lastId()
                    + " checkpoints (the final one included)");
            return r;
        } finally {
            try (java.util.stream.Stream<java.nio.file.Path> walk = java.nio.file.Files.walk(dir)) {
                for (java.nio.file.Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    java.nio.file.Files.deleteIfExists(p);
                }
            }
        }
    }

    /**
     * Builds the same pipeline and runs it on Flink local through the Flink runner ({@code tidemark-flink}
     * translates it to a Flink job on a MiniCluster in this JVM).
     */
    public static FlinkRunner.Result runOnFlink(String workload, int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        build(workload, env, 0);
        return FlinkRunner.execute(env, "bench-" + workload + "-runner", FlinkRunner.Options.local().withParallelism(parallelism));
    }

    /** K1's records: a Kafka record's value decoded to an event; the first call of a run starts its timing. */
    static final class KafkaEvents implements KafkaRecordDeserializationSchema<Event> {
        @Override
        public void open(DeserializationSchema.InitializationContext context) {
            Shared.sourceStarted(System.nanoTime());
        }

        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Event> out) {
            out.collect(EventCodec.decode(record.value()));
        }
    }

    /**
     * K1: W1 (keyed tumbling 1 s, count + sum) reading {@code topic} from its first to its last record
     * with Tidemark's KafkaSource, each partition watermarked on its own; on the embedded engine, or on
     * Flink through the runner (which puts Flink's KafkaSource in its place).
     */
    public static void runKafka(String bootstrapServers, String topic, String group, int parallelism, boolean onFlink)
            throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        KafkaSource<Event> source = KafkaSource.<Event>builder()
                .setBootstrapServers(bootstrapServers)
                .setTopics(topic)
                .setGroupId(group)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setDeserializer(new KafkaEvents())
                .build();
        env.fromSource(source, WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(Events.DISORDER_MS))
                        .withTimestampAssigner((e, t) -> e.ts), "kafka")
                .keyBy(LongKeySelector.of(e -> e.key))
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .aggregate(new CountSum(), new ToResult()).addSink(new ResultSink());
        if (onFlink) {
            FlinkRunner.execute(env, "bench-K1-runner", FlinkRunner.Options.local().withParallelism(parallelism));
        } else {
            env.execute("bench-K1");
        }
    }

    private static void build(String workload, StreamExecutionEnvironment env, long rate) {
        switch (workload) {
            case "W1" -> source(env, rate, rate > 0).keyBy(LongKeySelector.of(e -> e.key))
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                    .aggregate(new CountSum(), new ToResult()).addSink(new ResultSink());
            case "W2" -> source(env, rate, false).keyBy(LongKeySelector.of(e -> e.key))
                    .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(1)))
                    .aggregate(new CountSum(), new ToResult()).addSink(new ResultSink());
            case "W3" -> source(env, rate, false).keyBy(LongKeySelector.of(e -> e.key))
                    .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(1)))
                    .aggregate(new CountSum(), new ToResult()).addSink(new ResultSink());
            case "W4" -> {
                OutputTag<Event> lateTag = new OutputTag<>("late") {};
                SingleOutputStreamOperator<Result> results = env.addSource(new PlainSource(), "events")
                        .assignTimestampsAndWatermarks(WatermarkStrategy.<Event>forGenerator(ctx -> new PunctuatedBounded())
                                .withTimestampAssigner((e, t) -> e.ts))
                        .keyBy(LongKeySelector.of(e -> e.key))
                        .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                        .allowedLateness(Duration.ofSeconds(5))
                        .sideOutputLateData(lateTag)
                        .aggregate(new CountSum(), new ToResult());
                results.addSink(new ResultSink());
                results.getSideOutput(lateTag).addSink(new LateSink());
            }
            case "W6" -> {
                env.getConfig().setPerEventWatermarks(true); // a combine over the splits per record
                env.fromSource(new SplitsSource(), WatermarkStrategy.<Event>forBoundedOutOfOrderness(
                                Duration.ofMillis(Events.DISORDER_MS)).withTimestampAssigner((e, t) -> e.ts)
                                .withIdleness(Duration.ofMinutes(1)), "events")
                        .keyBy(LongKeySelector.of(e -> e.key))
                        .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                        .aggregate(new CountSum(), new ToResult()).addSink(new ResultSink());
            }
            case "Q5" -> source(env, rate, false).filter(e -> e.kind == Events.BID).keyBy(LongKeySelector.of(e -> e.key))
                    .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(2)))
                    .aggregate(new CountSum(), new ToResult())
                    .keyBy(LongKeySelector.of(r -> r.end))
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(2)))
                    .reduce(new HotItem()).addSink(new ResultSink());
            case "Q7" -> source(env, rate, false).filter(e -> e.kind == Events.BID).keyBy(LongKeySelector.of(e -> 0L))
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .reduce(new MaxBid(), new BidResult()).addSink(new ResultSink());
            case "Q8" -> {
                DataStream<Event> events = source(env, rate, false);
                events.filter(e -> e.kind == Events.PERSON).join(events.filter(e -> e.kind == Events.AUCTION))
                        .where(LongKeySelector.of(p -> p.key)).equalTo(LongKeySelector.of(a -> a.key2))
                        .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                        .apply(new NewSeller()).addSink(new ResultSink());
            }
            case "Q11" -> source(env, rate, false).filter(e -> e.kind == Events.BID).keyBy(LongKeySelector.of(e -> e.key2))
                    .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(10)))
                    .aggregate(new CountSum(), new ToResult()).addSink(new ResultSink());
            default -> throw new IllegalArgumentException("unknown workload " + workload);
        }
    }
}
