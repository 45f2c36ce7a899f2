package io.tidemark.streaming.api.functions.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichReduceFunction;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.legacy.RichParallelSourceFunction;
import io.tidemark.testutils.CollectSink;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Flink 2's {@code legacy} source and sink names port unchanged, and rich functions are opened with
 * their runtime context wherever Flink opens them (a parallel source, a rolling reduce).
 */
class LegacyNamesTest {

    /** Written against Flink 2's names: {@code ...source.legacy.RichParallelSourceFunction}, its SourceContext. */
    static final class Numbers extends RichParallelSourceFunction<Integer> {
        private transient int subtask;

        @Override
        public void open(OpenContext openContext) {
            subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        }

        @Override
        public void run(SourceContext<Integer> ctx) {
            for (int i = 0; i < 3; i++) {
                ctx.collect(subtask * 10 + i);
            }
        }

        @Override
        public void cancel() {}
    }

    /** A rich reduce with keyed state of its own (opened with the keyed runtime context): adds the call number. */
    static final class CountingSum extends RichReduceFunction<Integer> {
        private transient ValueState<Integer> calls;

        @Override
        public void open(OpenContext openContext) {
            calls = getRuntimeContext().getState(new ValueStateDescriptor<>("calls", Integer.class));
        }

        @Override
        public Integer reduce(Integer a, Integer b) throws Exception {
            int n = calls.value() == null ? 1 : calls.value() + 1;
            calls.update(n);
            return a + b + n * 100;
        }
    }

    @Test
    void legacyParallelSourceAndSinkNamesRun() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        List<Integer> got = new ArrayList<>();
        CollectSink<Integer> sink = new CollectSink<>();
        env.addSource(new Numbers()).keyBy(x -> 0).reduce(new CountingSum()).addSink(sink);
        env.addSource(new Numbers()).addSink(new io.tidemark.streaming.api.functions.sink.legacy.SinkFunction<Integer>() {
            @Override
            public void invoke(Integer value) {
                synchronized (got) {
                    got.add(value);
                }
            }
        }).setParallelism(1);
        env.execute();
        assertThat(got).containsExactlyInAnyOrder(0, 1, 2, 10, 11, 12);
        // 0+1+2+10+11+12 = 36, plus 100 * (1+2+3+4+5) for the five reduce calls of the one key
        assertThat(sink.values()).hasSize(6).endsWith(36 + 1500);
    }
}
