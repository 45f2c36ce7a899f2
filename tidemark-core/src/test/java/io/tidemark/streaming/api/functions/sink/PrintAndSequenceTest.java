package io.tidemark.streaming.api.functions.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.testutils.CollectSink;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** print()'s prefixes (Flink 2.3's PrintSinkOutputWriter rule) and fromSequence. */
class PrintAndSequenceTest {

    @Test
    void prefixesAsFlinksPrintSink() {
        assertThat(PrintSinkFunction.prefix(null, 0, 1)).isEmpty();
        assertThat(PrintSinkFunction.prefix("", 0, 1)).isEmpty();
        assertThat(PrintSinkFunction.prefix(null, 2, 4)).isEqualTo("3> ");
        assertThat(PrintSinkFunction.prefix("", 0, 2)).isEqualTo("1> ");
        assertThat(PrintSinkFunction.prefix("late", 0, 1)).isEqualTo("late> ");
        assertThat(PrintSinkFunction.prefix("late", 3, 4)).isEqualTo("late:4> ");
    }

    @Test
    void fromSequenceAtParallelismOneIsInOrder() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        CollectSink<Long> sink = new CollectSink<>();
        env.fromSequence(-3, 7).addSink(sink);
        env.execute();
        assertThat(sink.values()).containsExactly(-3L, -2L, -1L, 0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
    }

    @Test
    void fromSequenceInParallelReadsEveryNumberOnce() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(3);
        CollectSink<Long> sink = new CollectSink<>();
        env.fromSequence(1, 100).addSink(sink);
        env.execute();
        List<Long> expected = new ArrayList<>();
        LongStream.rangeClosed(1, 100).forEach(expected::add);
        assertThat(sink.values()).containsExactlyInAnyOrderElementsOf(expected);
    }
}
