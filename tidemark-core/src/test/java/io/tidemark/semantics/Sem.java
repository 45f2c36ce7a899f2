package io.tidemark.semantics;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.state.StateBackend;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.WatermarkRecorder;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import java.util.List;

/** Shared helpers of the semantics tests. */
final class Sem {

    static final long MAX = Long.MAX_VALUE;
    static final long MIN = Long.MIN_VALUE;

    /**
     * The state backend of every environment these tests make: null for the default (the heap);
     * tidemark-rocksdb's {@code RocksDBWindowSemanticsTest} runs the same tests with RocksDB, where
     * the windows' contents live in the backend.
     */
    static StateBackend stateBackend;

    private Sem() {}

    /** An environment on {@code clock} (never the wall clock) with the given watermark interval. */
    static StreamExecutionEnvironment env(ManualClock clock, long autoWatermarkInterval) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        if (stateBackend != null) {
            env.setStateBackend(stateBackend);
        }
        env.setClock(clock);
        env.getConfig().setAutoWatermarkInterval(autoWatermarkInterval);
        return env;
    }

    /** An environment on {@code clock} with per-event watermarks (and periodic emission every 200 ms). */
    static StreamExecutionEnvironment perEvent(ManualClock clock) {
        StreamExecutionEnvironment env = env(clock, 200);
        env.getConfig().setPerEventWatermarks(true);
        return env;
    }

    /** Appends a pass-through {@link WatermarkRecorder} logging into {@code log}. */
    static <T> DataStream<T> record(DataStream<T> stream, List<String> log) {
        return stream.transform("rec", () -> new WatermarkRecorder<>(log));
    }

    /** The metrics object of the (single) subtask of {@code operatorName}. */
    static OperatorMetrics metrics(JobExecutionResult result, String operatorName) {
        return (OperatorMetrics) result.getMetrics().stream().filter(m -> m.getOperatorName().equals(operatorName))
                .findFirst().orElseThrow(() -> new AssertionError("no operator " + operatorName + " in " + result));
    }

    /** {@code "key [start,end) [elements] TIMING#index"} for each firing. */
    static final class Describe<T, K> extends ProcessWindowFunction<T, String, K, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(K key, Context ctx, Iterable<T> elements, Collector<String> out) {
            out.collect(key + " [" + ctx.window().getStart() + "," + ctx.window().getEnd() + ") " + elements + " "
                    + ctx.firing());
        }
    }
}
