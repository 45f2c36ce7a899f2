package io.tidemark.crash;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.serialization.SimpleStringSchema;
import io.tidemark.connector.base.DeliveryGuarantee;
import io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema;
import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.runtime.tasks.LocalJob;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.util.OutputTag;
import java.nio.file.Paths;
import java.time.Duration;

/**
 * {@link CrashJob} reading Kafka: lines {@code key,timestamp} from a one-partition topic (bounded at
 * its end), per key tumbling 1 s windows with 500 ms allowed lateness; results and late records each
 * to an exactly-once {@link PartFileSink} and to a topic through an exactly-once {@link KafkaSink}
 * (one Kafka transaction per checkpoint). With a checkpoint directory it checkpoints every 100 ms and
 * resumes from the latest completed checkpoint there — the source from the checkpoint's offset.
 * Prints a line every {@value CrashJob#PROGRESS_EVERY} records read.
 *
 * <p>Arguments: {@code BOOTSTRAP INPUT_TOPIC OUTPUT_DIR RESULTS_TOPIC LATE_TOPIC CHECKPOINT_DIR|- PARALLELISM}.
 */
public final class KafkaCrashJob {

    private static final OutputTag<String> LATE = new OutputTag<>("late") {};

    private KafkaCrashJob() {}

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        java.nio.file.Path out = Paths.get(args[2]);
        String checkpoints = args[5];
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(Integer.parseInt(args[6]));
        env.getConfig().setPerEventWatermarks(true);
        if (!checkpoints.equals("-")) {
            env.enableCheckpointing(100);
            env.getCheckpointConfig().setCheckpointStorage(checkpoints).setNumRetainedCheckpoints(2).setStateRecoveryPath(checkpoints);
        }
        KafkaSource<String> source = KafkaSource.<String>builder()
                .setBootstrapServers(bootstrap)
                .setTopics(args[1])
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setValueOnlyDeserializer(new SimpleStringSchema())
                .build();
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMillis(400))
                .withTimestampAssigner((line, t) -> Long.parseLong(line.substring(line.indexOf(',') + 1)));
        SingleOutputStreamOperator<String> windows = env.fromSource(source, strategy, "kafka").setParallelism(1)
                .map(new Progress())
                .keyBy(line -> line.substring(0, line.indexOf(',')))
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .allowedLateness(Duration.ofMillis(500))
                .sideOutputLateData(LATE)
                .process(new CrashJob.Describe(true));
        windows.sinkTo(new PartFileSink(out.resolve("results")));
        windows.sinkTo(kafka(bootstrap, args[3]));
        windows.getSideOutput(LATE).sinkTo(new PartFileSink(out.resolve("late")));
        windows.getSideOutput(LATE).sinkTo(kafka(bootstrap, args[4]));
        LocalJob job = (LocalJob) env.executeAsync("kafka-crash-job");
        if (job.getRestoredCheckpointId() >= 0) {
            System.err.println("restored from checkpoint " + job.getRestoredCheckpointId());
        }
        job.getJobExecutionResult();
    }

    static KafkaSink<String> kafka(String bootstrap, String topic) {
        return KafkaSink.<String>builder()
                .setBootstrapServers(bootstrap)
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setTransactionalIdPrefix("crash-" + topic)
                .setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()
                        .setTopic(topic).setValueSerializationSchema(new SimpleStringSchema()).build())
                .build();
    }

    /** Passes records on; prints a progress line every {@value CrashJob#PROGRESS_EVERY}. */
    private static final class Progress implements MapFunction<String, String> {
        private long n;

        @Override
        public String map(String value) {
            if (++n % CrashJob.PROGRESS_EVERY == 0) {
                System.out.println(n);
                System.out.flush();
            }
            return value;
        }
    }
}
