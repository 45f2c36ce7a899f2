package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An AggregateFunction whose getResult returns its accumulator (the seeds' OrderAggregate does): a
 * result already emitted must not change when the window fires again with a late element.
 */
class EmittedResultsStayPutTest {

    static final class Acc {
        long count;

        @Override
        public String toString() {
            return "count=" + count;
        }
    }

    static final class Counting implements AggregateFunction<Long, Acc, Acc> {
        public Acc createAccumulator() {
            return new Acc();
        }

        public Acc add(Long v, Acc a) {
            a.count++;
            return a;
        }

        public Acc getResult(Acc a) {
            return a; // the accumulator itself
        }

        public Acc merge(Acc a, Acc b) {
            a.count += b.count;
            return a;
        }
    }

    @Test
    void aReFiringDoesNotChangeAnEarlierResult() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        CollectSink<Acc> sink = new CollectSink<>();
        env.addSource(new ScriptedSource<Long>().record(1L, 1000).watermark(10_000).record(2L, 2000).record(3L, 3000))
                .keyBy(v -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .allowedLateness(Duration.ofSeconds(5))
                .aggregate(new Counting())
                .addSink(sink);
        env.execute("stay put");
        List<Acc> results = sink.values();
        assertThat(results).extracting(a -> a.count).containsExactly(1L, 2L, 3L);
    }
}
