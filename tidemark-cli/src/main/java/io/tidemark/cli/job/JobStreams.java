package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.io.Event;
import io.tidemark.runtime.state.StateBackendLoader;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.KeyedStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.OutputTag;
import java.util.List;

/**
 * What every pipeline of a job file is made of, whoever writes its outputs (the command over its links,
 * {@link JobRunner}; or the job itself on a cluster, {@link DetachedJob}): the environment, and the keyed
 * windows with their late side output.
 */
final class JobStreams {

    private JobStreams() {}

    /** The window results, and the records the windows found late. */
    record Windows(SingleOutputStreamOperator<WindowResult> results, DataStream<Event> late) {}

    /**
     * The job's environment at {@code parallelism}: its state backend, {@code clock} (null: the wall
     * clock), per-event or periodic watermarks. Checkpoints are the caller's.
     */
    static StreamExecutionEnvironment environment(JobConfig job, int parallelism, ReplayClock clock) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.setStateBackend(StateBackendLoader.fromConfig(job.stateBackend()));
        if (clock != null) {
            env.setClock(clock);
        }
        // per-event: Tidemark's extension; idleness is then checked at the default interval (200 ms)
        env.getConfig().setPerEventWatermarks(job.watermark().perEvent());
        if (!job.watermark().perEvent()) {
            env.getConfig().setAutoWatermarkInterval(job.watermark().interval().toMillis());
        }
        return env;
    }

    /** {@code events} keyed by the job's key, in its windows, aggregated: the operator named {@link JobRunner#WINDOW_OPERATOR}. */
    static Windows windows(JobConfig job, DataStream<Event> events) {
        OutputTag<Event> lateTag = new OutputTag<>("late") {};
        KeyedStream<Event, List<String>> keyed = events.keyBy(Event::key);
        if (job.watermark().perKey()) {
            keyed = keyed.withPerKeyWatermarks(JobWatermarks.strategy(job, (e, recordTimestamp) -> e.timestamp()));
        }
        SingleOutputStreamOperator<WindowResult> fired = keyed
                .window(JobRunner.assigner(job.window()))
                .allowedLateness(job.allowedLateness())
                .sideOutputLateData(lateTag)
                .aggregate(new EventAggregate(job.aggregates()),
                        new ResultWindowFunction(job.aggregates(), job.window().type() == JobConfig.WindowType.SESSION))
                .name(JobRunner.WINDOW_OPERATOR);
        return new Windows(fired, fired.getSideOutput(lateTag));
    }
}
