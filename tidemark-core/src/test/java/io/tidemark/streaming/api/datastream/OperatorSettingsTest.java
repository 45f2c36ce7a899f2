package io.tidemark.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.TaskInfo;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichMapFunction;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.testutils.CollectSink;
import org.junit.jupiter.api.Test;

/**
 * Flink's operator settings on the embedded engine: chaining settings decide which thread (task) runs an
 * operator; a function sees its subtask, the job's maximum parallelism and the job through the runtime
 * context's task and job info.
 */
class OperatorSettingsTest {

    /** The task thread an operator runs on. */
    static final class ThreadName extends RichMapFunction<Long, String> {
        @Override
        public String map(Long value) {
            return Thread.currentThread().getName();
        }
    }

    @Test
    void aMapIsChainedToItsSourceUnlessChainingIsDisabled() throws Exception {
        CollectSink<String> chained = new CollectSink<>();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSequence(1, 3).name("numbers").map(new ThreadName()).name("names").addSink(chained);
        env.execute("chains");
        assertThat(chained.values()).containsOnly("chains:numbers-0");

        CollectSink<String> own = new CollectSink<>();
        env.fromSequence(1, 3).name("numbers").map(new ThreadName()).name("names").disableChaining().addSink(own);
        env.execute("chains");
        assertThat(own.values()).containsOnly("chains:names-0");

        CollectSink<String> head = new CollectSink<>();
        env.fromSequence(1, 3).name("numbers").map(x -> x).name("first").startNewChain().map(new ThreadName()).name("names")
                .addSink(head);
        env.execute("chains");
        assertThat(head.values()).as("the map after a new chain's head joins it").containsOnly("chains:first-0");

        CollectSink<String> after = new CollectSink<>();
        env.fromSequence(1, 3).name("numbers").map(x -> x).name("alone").disableChaining().map(new ThreadName()).name("names")
                .addSink(after);
        env.execute("chains");
        assertThat(after.values()).as("nothing chains behind an operator with chaining disabled").containsOnly("chains:names-0");
    }

    /** Reports its task and job info. */
    static final class Where extends RichMapFunction<Long, String> {
        private transient String where;

        @Override
        public void open(OpenContext openContext) {
            TaskInfo t = getRuntimeContext().getTaskInfo();
            where = t.getTaskNameWithSubtasks() + " max " + t.getMaxNumberOfParallelSubtasks() + " "
                    + getRuntimeContext().getJobInfo().getJobName() + " " + getRuntimeContext().getJobInfo().getJobId();
        }

        @Override
        public String map(Long value) {
            return where;
        }
    }

    @Test
    void functionsSeeTheirSubtaskTheMaximumParallelismAndTheJob() throws Exception {
        CollectSink<String> out = new CollectSink<>();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(3);
        env.getConfig().setMaxParallelism(6);
        env.fromSequence(1, 30).map(new Where()).name("where").addSink(out);
        JobExecutionResult r = env.execute("info");
        String id = r.getJobID().toString();
        assertThat(out.values()).containsOnly("where (1/3)#0 max 6 info " + id, "where (2/3)#0 max 6 info " + id,
                "where (3/3)#0 max 6 info " + id);

        env.getConfig().setMaxParallelism(2);
        env.fromSequence(1, 30).map(new Where()).name("where").addSink(new CollectSink<>());
        assertThatThrownBy(() -> env.execute("too wide")).hasMessageContaining("'Sequence Source' (3)")
                .hasMessageContaining("maximum parallelism (2)");
    }

    @Test
    void flinksDefaultMaximumParallelism() {
        assertThat(TaskInfo.defaultMaxParallelism(1)).isEqualTo(128);
        assertThat(TaskInfo.defaultMaxParallelism(100)).isEqualTo(256);
        assertThat(TaskInfo.defaultMaxParallelism(200)).isEqualTo(512);
        assertThat(TaskInfo.defaultMaxParallelism(30000)).isEqualTo(32768);
    }
}
