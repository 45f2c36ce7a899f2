package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.functions.source.ParallelSourceFunction;
import io.tidemark.streaming.api.functions.source.RichSourceFunction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A parallel Tidemark source runs one copy per subtask on both engines. */
class ParallelSourceTest {

    /** Each subtask emits its own index ten times. */
    static final class PerSubtask extends RichSourceFunction<Integer> implements ParallelSourceFunction<Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public void run(SourceContext<Integer> ctx) {
            int me = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            for (int i = 0; i < 10; i++) {
                ctx.collect(me);
            }
        }

        @Override
        public void cancel() {}
    }

    @Test
    void everySubtaskRunsItsOwnCopy() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(2);
            env.addSource(new PerSubtask()).addSink(sinks.sink("out"));
        });
        List<Object> expected = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            for (int i = 0; i < 10; i++) {
                expected.add(subtask);
            }
        }
        assertThat(asList(r.tidemark().get("out"))).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(asList(r.flink().get("out"))).containsExactlyInAnyOrderElementsOf(expected);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> asList(Object results) {
        return (List<Object>) results;
    }
}
