package io.tidemark.bench.flink;

import io.tidemark.bench.Acc;
import io.tidemark.bench.Event;
import io.tidemark.bench.EventCodec;
import io.tidemark.bench.Events;
import io.tidemark.bench.Result;
import io.tidemark.bench.Shared;
import java.time.Duration;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.api.common.functions.JoinFunction;
import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.legacy.SinkFunction;
import org.apache.flink.streaming.api.functions.source.legacy.SourceFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The same workloads as direct Flink 2.3 DataStream jobs on a local MiniCluster (Flink's defaults:
 * heap state backend, no object reuse, the keyBy exchange serializes records). The source reads the
 * shared in-memory columns: a {@link DataGeneratorSource} (Flink's split-source API, as
 * {@code env.fromSource}) mapping row numbers to events, or a legacy {@link SourceFunction} plus
 * {@code assignTimestampsAndWatermarks} for W4, exactly as the Tidemark pipelines are built.
 */
public final class FlinkJobs {

    private FlinkJobs() {}

    static final TypeInformation<Event> EVENT = Types.POJO(Event.class);

    static final class Rows implements GeneratorFunction<Long, Event> {
        private transient Events events;

        @Override
        public void open(SourceReaderContext readerContext) {
            events = Shared.events;
            Shared.sourceStarted(System.nanoTime());
        }

        @Override
        public Event map(Long index) {
            return events.event((int) (long) index);
        }
    }

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

    static final class CountSum implements AggregateFunction<Event, Acc, Acc> {
        @Override
        public Acc createAccumulator() {
            return new Acc();
        }

        @Override
        public Acc add(Event value, Acc acc) {
            acc.count++;
            acc.sum += value.value;
            return acc;
        }

        @Override
        public Acc getResult(Acc acc) {
            return acc;
        }

        @Override
        public Acc merge(Acc a, Acc b) {
            a.count += b.count;
            a.sum += b.sum;
            return a;
        }
    }

    static final class ToResult extends ProcessWindowFunction<Acc, Result, Long, TimeWindow> {
        @Override
        public void process(Long key, Context context, Iterable<Acc> elements, Collector<Result> out) {
            Acc acc = elements.iterator().next();
            out.collect(new Result(key, context.window().getStart(), context.window().getEnd(), acc.count, acc.sum));
        }
    }

    static final class HotItem implements ReduceFunction<Result> {
        @Override
        public Result reduce(Result a, Result b) {
            if (a.count != b.count) {
                return a.count > b.count ? a : b;
            }
            return a.key <= b.key ? a : b;
        }
    }

    static final class MaxBid implements ReduceFunction<Event> {
        @Override
        public Event reduce(Event a, Event b) {
            boolean bWins = b.value > a.value || (b.value == a.value && (b.key < a.key || (b.key == a.key && b.key2 < a.key2)));
            return bWins ? b : a;
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
        public void invoke(Result value, Context context) {
            Shared.result(value);
        }

        @Override
        public void finish() {
            Shared.sinkFinished(System.nanoTime());
        }
    }

    static final class LateSink implements SinkFunction<Event> {
        @Override
        public void invoke(Event value, Context context) {
            Shared.late(value);
        }
    }

    static final class IsKind implements FilterFunction<Event> {
        private final int kind;

        IsKind(int kind) {
            this.kind = kind;
        }

        @Override
        public boolean filter(Event e) {
            return e.kind == kind;
        }
    }

    static final class BySeller implements KeySelector<Event, Long> {
        @Override
        public Long getKey(Event e) {
            return e.key2;
        }
    }

    /** A person and an auction they opened in one window (Nexmark q8). */
    static final class NewSeller implements JoinFunction<Event, Event, Result> {
        @Override
        public Result join(Event person, Event auction) {
            long start = person.ts - Math.floorMod(person.ts, 10_000L);
            return new Result(person.key, start, start + 10_000, auction.key, 0);
        }
    }

    static final class IsBid implements FilterFunction<Event> {
        @Override
        public boolean filter(Event e) {
            return e.kind == Events.BID;
        }
    }

    static final class ByKey implements KeySelector<Event, Long> {
        @Override
        public Long getKey(Event e) {
            return e.key;
        }
    }

    static final class ByBidder implements KeySelector<Event, Long> {
        @Override
        public Long getKey(Event e) {
            return e.key2;
        }
    }

    static final class ByNothing implements KeySelector<Event, Long> {
        @Override
        public Long getKey(Event e) {
            return 0L;
        }
    }

    static final class ByEnd implements KeySelector<Result, Long> {
        @Override
        public Long getKey(Result r) {
            return r.end;
        }
    }

    static DataStream<Event> source(StreamExecutionEnvironment env) {
        WatermarkStrategy<Event> strategy = WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(Events.DISORDER_MS))
                .withTimestampAssigner((e, t) -> e.ts);
        return env.fromSource(new DataGeneratorSource<>(new Rows(), Shared.events.n, EVENT), strategy, "events");
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

        @Override
        public TypeInformation<Event> getProducedType() {
            return EVENT;
        }
    }

    /** K1 as a direct Flink job: Flink's own KafkaSource, each partition watermarked on its own, then W1. */
    public static JobExecutionResult runKafka(String bootstrapServers, String topic, String group, int parallelism)
            throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        KafkaSource<Event> source = KafkaSource.<Event>builder()
                .setBootstrapServers(bootstrapServers)
                .setTopics(topic)
                .setGroupId(group)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setDeserializer(new KafkaEvents())
                .build();
        TypeInformation<Acc> acc = Types.POJO(Acc.class);
        env.fromSource(source, WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(Events.DISORDER_MS))
                        .withTimestampAssigner((e, t) -> e.ts), "kafka", EVENT)
                .keyBy(new ByKey())
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .aggregate(new CountSum(), new ToResult(), acc, acc, Types.POJO(Result.class)).addSink(new ResultSink());
        return env.execute("bench-K1-flink");
    }

    /** Builds the workload's pipeline, runs it on a local MiniCluster to the end, returns the job result. */
    public static JobExecutionResult run(String workload, int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        TypeInformation<Result> result = Types.POJO(Result.class);
        TypeInformation<Acc> acc = Types.POJO(Acc.class);
        switch (workload) {
            case "W1" -> source(env).keyBy(new ByKey())
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                    .aggregate(new CountSum(), new ToResult(), acc, acc, result).addSink(new ResultSink());
            case "W2" -> source(env).keyBy(new ByKey())
                    .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(1)))
                    .aggregate(new CountSum(), new ToResult(), acc, acc, result).addSink(new ResultSink());
            case "W3" -> source(env).keyBy(new ByKey())
                    .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(1)))
                    .aggregate(new CountSum(), new ToResult(), acc, acc, result).addSink(new ResultSink());
            case "W4" -> {
                OutputTag<Event> lateTag = new OutputTag<>("late", EVENT);
                SingleOutputStreamOperator<Result> results = env.addSource(new PlainSource(), "events", EVENT)
                        .assignTimestampsAndWatermarks(WatermarkStrategy.<Event>forGenerator(ctx -> new PunctuatedBounded())
                                .withTimestampAssigner((e, t) -> e.ts))
                        .keyBy(new ByKey())
                        .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                        .allowedLateness(Duration.ofSeconds(5))
                        .sideOutputLateData(lateTag)
                        .aggregate(new CountSum(), new ToResult(), acc, acc, result);
                results.addSink(new ResultSink());
                results.getSideOutput(lateTag).addSink(new LateSink());
            }
            case "Q5" -> source(env).filter(new IsBid()).keyBy(new ByKey())
                    .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(2)))
                    .aggregate(new CountSum(), new ToResult(), acc, acc, result)
                    .keyBy(new ByEnd())
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(2)))
                    .reduce(new HotItem()).addSink(new ResultSink());
            case "Q7" -> source(env).filter(new IsBid()).keyBy(new ByNothing())
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .reduce(new MaxBid(), new BidResult(), result).addSink(new ResultSink());
            case "Q8" -> {
                DataStream<Event> events = source(env);
                events.filter(new IsKind(Events.PERSON)).join(events.filter(new IsKind(Events.AUCTION)))
                        .where(new ByKey(), Types.LONG).equalTo(new BySeller(), Types.LONG)
                        .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                        .apply(new NewSeller(), result).addSink(new ResultSink());
            }
            case "Q11" -> source(env).filter(new IsBid()).keyBy(new ByBidder())
                    .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(10)))
                    .aggregate(new CountSum(), new ToResult(), acc, acc, result).addSink(new ResultSink());
            default -> throw new IllegalArgumentException("unknown workload " + workload);
        }
        return env.execute("bench-" + workload);
    }
}
