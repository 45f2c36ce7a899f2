package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.util.List;
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
}
