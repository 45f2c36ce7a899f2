package io.tidemark.core.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.transformations.OneInputTransformation;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.testutils.CollectSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecutorsTest {

    @Test
    void theEmbeddedEngineIsFoundByNameAndIsTheDefault() throws Exception {
        assertThat(PipelineExecutors.names()).contains(PipelineExecutors.EMBEDDED);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        CollectSink<Integer> sink = new CollectSink<>();
        env.fromElements(1, 2).map(x -> x * 2).name("double").addSink(sink);
        JobExecutionResult r = env.execute("default engine");
        assertThat(sink.values()).containsExactly(2, 4);
        assertThat(r.getCounter("double", "numRecordsOut")).isEqualTo(2);
        assertThat(r.getJobID().toString()).hasSize(32);
    }

    @Test
    void unknownEnginesAndOptionsAreNamed() {
        assertThatThrownBy(() -> PipelineExecutors.get("nonesuch", Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nonesuch").hasMessageContaining("embedded");
        assertThatThrownBy(() -> PipelineExecutors.get("embedded", Map.of("threads", "4")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threads");
    }

    /** Another executor gets the pipeline as the program built it, with the job's settings. */
    @Test
    void anExecutorReceivesThePipeline() throws Exception {
        List<Pipeline> received = new ArrayList<>();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(3);
        env.getConfig().setAutoWatermarkInterval(50);
        env.setExecutor(pipeline -> {
            received.add(pipeline);
            return PipelineExecutors.get(PipelineExecutors.EMBEDDED, Map.of()).execute(pipeline);
        });
        env.fromElements("a").map(String::length).name("length").addSink(new CollectSink<>());
        env.execute("mine");
        assertThat(received).hasSize(1);
        Pipeline p = received.get(0);
        assertThat(p.jobName()).isEqualTo("mine");
        assertThat(p.parallelism()).isEqualTo(3);
        assertThat(p.config().getAutoWatermarkInterval()).isEqualTo(50);
        assertThat(p.transformations()).hasSize(3);
        OneInputTransformation<?, ?> map = (OneInputTransformation<?, ?>) p.transformations().get(1);
        assertThat(map.getName()).isEqualTo("length");
        assertThat(map.getDescription()).isInstanceOf(OperatorDescription.Map.class);
        assertThat(env.getTransformations()).as("the environment is cleared for the next job").isEmpty();
    }
}
