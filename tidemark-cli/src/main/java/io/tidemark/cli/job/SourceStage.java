package io.tidemark.cli.job;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.source.KafkaSourceType;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.OutputTag;

/**
 * The job's source in its pipeline: the events it emits, the records its reorder buffers found late
 * ({@code source.sort}; null without sorting), and how to stop it.
 *
 * <p>The source reads its input in order in one subtask, so its watermarks (and the replay clock)
 * follow the input alone; keyBy sends each key's records and every watermark down one FIFO channel to
 * the window subtask of that key, which thus sees what a parallelism-1 window operator sees for the key:
 * any parallelism gives the same multiset of outputs.
 * <pre>
 * file, socket, generator:  LineSource (split source; each split sorted with source.sort)
 * kafka:                    KafkaSource (each partition a split, sorted with source.sort) → KafkaRouter
 *                           [sorted: ∪ the source's late side output, marked late → the same router]
 * </pre>
 */
record SourceStage(DataStream<Event> events, DataStream<Event> late, Runnable stop) {

    static SourceStage of(StreamExecutionEnvironment env, JobConfig job, LinkAddress link, ReplayClock clock, boolean checkpoints) {
        if (job.source().spec() instanceof KafkaSourceType.Spec k) {
            return kafka(env, job, k, link);
        }
        LineSource lines = new LineSource(job, link, clock, checkpoints);
        WatermarkStrategy<Event> strategy = JobWatermarks.strategy(job, (e, recordTimestamp) -> e.timestamp());
        if (job.source().sortBuffer() == null) {
            return new SourceStage(env.fromSource(lines, strategy, JobRunner.SOURCE).setParallelism(1), null, () -> {});
        }
        OutputTag<Event> late = new OutputTag<>("source-late") {};
        SingleOutputStreamOperator<Event> read = env.fromSource(lines, strategy, JobRunner.SOURCE, job.source().sortBuffer(), late)
                .setParallelism(1);
        return new SourceStage(read, read.getSideOutput(late), () -> {});
    }

    /**
     * Every partition a split of one source subtask; dead letters and counts leave right after it, in the
     * {@link KafkaRouter}, which also receives what the partitions' reorder buffers found late.
     */
    private static SourceStage kafka(StreamExecutionEnvironment env, JobConfig job, KafkaSourceType.Spec k, LinkAddress link) {
        KafkaSource<Object> kafka = k.source(new KafkaLines(job));
        WatermarkStrategy<Object> strategy = JobWatermarks.strategy(job, (item, kafkaTimestamp) -> KafkaLines.timestamp(item));
        DataStream<Object> read;
        if (job.source().sortBuffer() == null) {
            read = env.fromSource(kafka, strategy, JobRunner.SOURCE).setParallelism(1);
        } else {
            OutputTag<Object> late = new OutputTag<>("source-late") {};
            SingleOutputStreamOperator<Object> sorted = env.fromSource(kafka, strategy, JobRunner.SOURCE, job.source().sortBuffer(), late)
                    .setParallelism(1);
            read = sorted.union(sorted.getSideOutput(late).map(new KafkaRouter.MarkLate()).name(JobRunner.SOURCE + "-late")
                    .setParallelism(1));
        }
        SingleOutputStreamOperator<Event> routed = read.process(new KafkaRouter(link)).name(JobRunner.SOURCE + "-router").setParallelism(1);
        return new SourceStage(routed, job.source().sortBuffer() == null ? null : routed.getSideOutput(KafkaRouter.LATE), kafka::cancel);
    }
}
