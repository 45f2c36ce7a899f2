package io.tidemark.streaming.api.environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.JobStatus;
import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.util.CloseableIterator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code executeAsync()} and its client, {@code executeAndCollect} and the plan, on the embedded engine. */
class ExecuteAsyncAndCollectTest {

    @Test
    void executeAsyncGivesTheJobsIdStatusAndResult() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSequence(1, 100).map(x -> x + 1).name("plus one").addSink(new io.tidemark.testutils.CollectSink<>());
        JobClient client = env.executeAsync();
        JobExecutionResult result = client.getJobExecutionResult();
        assertThat(client.getJobStatus()).isEqualTo(JobStatus.FINISHED);
        assertThat(client.getJobID()).isEqualTo(result.getJobID());
        assertThat(result.getJobName()).isEqualTo("Tidemark Job");
    }

    @Test
    void cancelStopsAnEndlessJob() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSequence(1, Long.MAX_VALUE).filter(x -> false).addSink(new io.tidemark.testutils.CollectSink<>());
        JobClient client = env.executeAsync("endless");
        assertThat(client.getJobStatus()).isIn(JobStatus.CREATED, JobStatus.RUNNING);
        client.cancel();
        assertThat(client.awaitTermination(Duration.ofSeconds(30))).isTrue();
        assertThat(client.getJobStatus()).isEqualTo(JobStatus.CANCELED);
    }

    @Test
    void executeAndCollectReadsEveryRecordThenEnds() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(3);
        List<Long> all = new ArrayList<>();
        try (CloseableIterator<Long> it = env.fromSequence(1, 5000).map(x -> x * 2).executeAndCollect()) {
            it.forEachRemaining(all::add);
        }
        assertThat(all).hasSize(5000).doesNotHaveDuplicates().allMatch(x -> x % 2 == 0 && x <= 10_000);
    }

    @Test
    void executeAndCollectWithALimitStopsAnEndlessJob() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        assertThat(env.fromSequence(1, Long.MAX_VALUE).executeAndCollect(4)).containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void aFailedJobFailsTheIterator() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        CloseableIterator<Long> it = env.fromSequence(1, 10).map(x -> {
            if (x == 7) {
                throw new IllegalStateException("seven");
            }
            return x;
        }).executeAndCollect();
        assertThatThrownBy(() -> it.forEachRemaining(x -> {})).hasRootCauseMessage("seven")
                .hasCauseInstanceOf(JobExecutionException.class);
        it.close();
    }

    @Test
    void thePlanNamesOperatorsParallelismAndExchanges() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.fromData(1, 2, 3).name("numbers").map(x -> x).name("same").keyBy(x -> x).map(x -> x).name("keyed").print();
        String plan = env.getExecutionPlan();
        assertThat(plan).contains("\"type\" : \"Source: numbers\"", "\"pact\" : \"Data Source\"", "\"pact\" : \"Data Sink\"",
                "\"ship_strategy\" : \"REBALANCE\"", "\"ship_strategy\" : \"HASH\"", "\"ship_strategy\" : \"FORWARD\"");
        assertThat(plan.lines().filter(l -> l.contains("\"parallelism\" : 1"))).hasSize(1); // the collection source
    }
}
