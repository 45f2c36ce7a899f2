package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.datastream.AsyncDataStream;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.functions.async.AsyncFunction;
import io.tidemark.streaming.api.functions.async.ResultFuture;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Tidemark's async I/O runs as Flink's through the runner: ordered results in the order of their
 * records on both engines, unordered ones the same set, a call that never answers timed out on both.
 */
class AsyncOnFlinkTest {

    /** Squares on the common pool; never answers 7. */
    static final class Square implements AsyncFunction<Long, String> {
        @Override
        public void asyncInvoke(Long n, ResultFuture<String> resultFuture) {
            if (n != 7) {
                CompletableFuture.runAsync(() -> resultFuture.complete(List.of(n + "^2=" + n * n)));
            }
        }

        @Override
        public void timeout(Long n, ResultFuture<String> resultFuture) {
            resultFuture.complete(List.of(n + " timed out"));
        }
    }

    @Test
    void orderedAndUnorderedWaitRunAsFlinksOwn() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            DataStream<Long> in = env.fromSequence(1, 40);
            AsyncDataStream.orderedWait(in, new Square(), 300, TimeUnit.MILLISECONDS, 4).addSink(sinks.sink("ordered"));
            AsyncDataStream.unorderedWait(in, new Square(), 300, TimeUnit.MILLISECONDS, 4).addSink(sinks.sink("unordered"));
        });
        assertThat(r.tidemark().get("ordered")).isEqualTo(r.flink().get("ordered"));
        assertThat(strings(r.tidemark().get("ordered"))).hasSize(40).contains("7 timed out", "40^2=1600");
        assertThat(strings(r.tidemark().get("unordered"))).containsExactlyInAnyOrderElementsOf(strings(r.flink().get("unordered")));
    }

    private static List<String> strings(Object values) {
        return ((List<?>) values).stream().map(String::valueOf).toList();
    }
}
