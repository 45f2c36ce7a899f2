package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.core.execution.PipelineExecutors;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlinkRunnerSmokeTest {

    @Test
    void mapFilterRunOnFlink() throws Exception {
        String id = Collect.newId();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(1, 2, 3, 4, 5).map(x -> x * 10).name("times ten").filter(x -> x != 30).addSink(Collect.sink(id));
        long t0 = System.nanoTime();
        FlinkRunner.Result r = FlinkRunner.execute(env, "smoke", SharedMiniCluster.options());
        System.out.println("first job " + (System.nanoTime() - t0) / 1_000_000 + " ms; " + r);
        List<Integer> out = Collect.take(id);
        assertThat(out).containsExactly(10, 20, 40, 50);
        assertThat(r.getCounter("times ten", "numRecordsIn")).isEqualTo(5);
        for (int i = 0; i < 3; i++) {
            String id2 = Collect.newId();
            StreamExecutionEnvironment env2 = StreamExecutionEnvironment.getExecutionEnvironment();
            env2.fromElements("a", "b").map(String::toUpperCase).addSink(Collect.sink(id2));
            t0 = System.nanoTime();
            FlinkRunner.execute(env2, "smoke" + i, SharedMiniCluster.options());
            System.out.println("next job " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            assertThat(Collect.<String>take(id2)).containsExactly("A", "B");
        }
    }

    /** The runner plugs in as the engine "flink": the program's own env.execute() runs on Flink. */
    @Test
    void theFlinkEngineRunsEnvExecuteByName() throws Exception {
        FlinkRunner.Options cluster = SharedMiniCluster.options();
        Map<String, String> options = Map.of("master", cluster.getHost() + ":" + cluster.getPort());
        assertThat(PipelineExecutors.names()).contains("embedded", "flink");

        String id = Collect.newId();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setExecutor(PipelineExecutors.get("flink", options));
        env.fromElements(1, 2, 3).map(x -> x + 1).name("plus one").addSink(Collect.sink(id));
        JobExecutionResult r = env.execute("by name");
        assertThat(Collect.<Integer>take(id)).containsExactly(2, 3, 4);
        assertThat(r.getCounter("plus one", "numRecordsIn")).isEqualTo(3);
        assertThat(r.getJobID().toString()).hasSize(32);

        IllegalStateException boom = new IllegalStateException("boom");
        StreamExecutionEnvironment failing = StreamExecutionEnvironment.getExecutionEnvironment();
        failing.setExecutor(PipelineExecutors.get("flink", options));
        failing.fromElements(1).map(x -> {
            throw boom;
        }).addSink(Collect.sink(Collect.newId()));
        assertThatThrownBy(() -> failing.execute("failing")).isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("boom").cause().isInstanceOf(IllegalStateException.class).hasMessage("boom");
        assertThatThrownBy(() -> PipelineExecutors.get("flink", Map.of("mastr", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mastr");
    }
}
