package io.tidemark.connector.datagen.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.typeinfo.Types;
import io.tidemark.api.connector.source.SourceReaderContext;
import io.tidemark.api.connector.source.util.ratelimit.RateLimiterStrategy;
import io.tidemark.api.connector.source.util.ratelimit.SpacingRateLimiter;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.testutils.CollectSink;
import io.tidemark.util.Collector;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DataGeneratorSource with env.fromSource, and the rate limiter's spacing on an injected clock. */
class DataGeneratorSourceTest {

    @Test
    void atParallelismOneTheRecordsComeInIndexOrderWithTheStrategysTimestamps() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataGeneratorSource<String> source = new DataGeneratorSource<>(i -> "n" + i, 5, Types.STRING);
        CollectSink<String> sink = new CollectSink<>();
        env.fromSource(source, WatermarkStrategy.<String>forMonotonousTimestamps()
                        .withTimestampAssigner((s, ts) -> Long.parseLong(s.substring(1)) * 10), "Generator Source")
                .process(new ProcessFunction<String, String>() {
                    @Override
                    public void processElement(String value, Context ctx, Collector<String> out) {
                        out.collect(value + "@" + ctx.timestamp());
                    }
                }).addSink(sink);
        env.execute();
        assertThat(sink.values()).containsExactly("n0@0", "n1@10", "n2@20", "n3@30", "n4@40");
    }

    /** Records which subtask generated what, after open. */
    static final class Tagged implements GeneratorFunction<Long, String> {
        private int subtask = -1;
        private int parallelism;

        @Override
        public void open(SourceReaderContext readerContext) {
            subtask = readerContext.getIndexOfSubtask();
            parallelism = readerContext.currentParallelism();
        }

        @Override
        public String map(Long value) {
            return value + "/" + subtask + "of" + parallelism;
        }
    }

    @Test
    void inParallelEachSubtaskGeneratesAConsecutiveRangeOnce() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(3);
        CollectSink<String> sink = new CollectSink<>();
        env.fromSource(new DataGeneratorSource<>(new Tagged(), 10, RateLimiterStrategy.noOp(), Types.STRING),
                WatermarkStrategy.noWatermarks(), "gen").addSink(sink);
        env.execute();
        // 10 over 3 subtasks: 0-3, 4-6, 7-9
        List<String> expected = new ArrayList<>();
        for (long i = 0; i < 10; i++) {
            expected.add(i + "/" + (i < 4 ? 0 : i < 7 ? 1 : 2) + "of3");
        }
        assertThat(sink.values()).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void perCheckpointNeedsCheckpoints() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSource(new DataGeneratorSource<>(i -> i, 5, RateLimiterStrategy.perCheckpoint(2), Types.LONG),
                WatermarkStrategy.noWatermarks(), "gen").addSink(new CollectSink<>());
        assertThatThrownBy(env::execute).hasStackTraceContaining("perCheckpoint(2) needs checkpoints");
    }

    @Test
    void theLimiterSpacesRecordsEvenlyWithoutBursts() throws Exception {
        long[] now = {1_000};
        List<Long> slept = new ArrayList<>();
        SpacingRateLimiter limiter = new SpacingRateLimiter(4, () -> now[0], nanos -> {
            slept.add(nanos);
            now[0] += nanos;
        });
        limiter.acquire(); // first: at once
        limiter.acquire(); // 250 ms later
        now[0] += 100_000_000; // the caller took 100 ms
        limiter.acquire(); // 150 ms more
        now[0] += 2_000_000_000L; // the caller fell behind by 2 s: no burst to catch up
        limiter.acquire();
        limiter.acquire();
        assertThat(slept).containsExactly(250_000_000L, 150_000_000L, 250_000_000L);
    }

    @Test
    void perSecondDividesTheRateOverTheSubtasks() throws Exception {
        long[] now = {0};
        List<Long> slept = new ArrayList<>();
        // 10 per second over 2 subtasks: 5 per second each, 200 ms apart
        double perSubtask = 10.0 / 2;
        SpacingRateLimiter limiter = new SpacingRateLimiter(perSubtask, () -> now[0], nanos -> {
            slept.add(nanos);
            now[0] += nanos;
        });
        limiter.acquire();
        limiter.acquire();
        assertThat(slept).containsExactly(200_000_000L);
        assertThat(RateLimiterStrategy.perSecond(10).createRateLimiter(2)).isInstanceOf(SpacingRateLimiter.class);
        assertThatThrownBy(() -> RateLimiterStrategy.perSecond(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
