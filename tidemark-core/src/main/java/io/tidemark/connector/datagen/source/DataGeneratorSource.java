package io.tidemark.connector.datagen.source;

import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.connector.source.SourceReaderContext;
import io.tidemark.api.connector.source.util.ratelimit.RateLimiter;
import io.tidemark.api.connector.source.util.ratelimit.RateLimiterStrategy;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import java.util.Objects;

/**
 * Flink's data generator source ({@code flink-connector-datagen}): the records
 * {@code generator.map(0)} to {@code generator.map(count - 1)}, optionally rate limited; use it with
 * {@code env.fromSource(source, watermarkStrategy, name)}. With {@code n} subtasks the indexes are cut
 * into {@code n} consecutive ranges of nearly equal size, one split per subtask ({@code "datagen-i"}),
 * each generated in ascending order, so at parallelism 1 the records come in index order. Timestamps
 * and watermarks come from the watermark strategy, per split.
 */
public class DataGeneratorSource<OUT> implements SplitSourceFunction<OUT>, io.tidemark.api.connector.source.WithBoundedness {

    /** Bounded: the input ends. */
    @Override
    public io.tidemark.api.connector.source.Boundedness getBoundedness() {
        return io.tidemark.api.connector.source.Boundedness.BOUNDED;
    }


    private static final long serialVersionUID = 1L;

    private final GeneratorFunction<Long, OUT> generatorFunction;
    private final long count;
    private final RateLimiterStrategy rateLimiterStrategy;
    private final TypeInformation<OUT> typeInfo;
    private volatile boolean running = true;

    /** {@code count} records, as fast as they are taken. */
    public DataGeneratorSource(GeneratorFunction<Long, OUT> generatorFunction, long count, TypeInformation<OUT> typeInfo) {
        this(generatorFunction, count, RateLimiterStrategy.noOp(), typeInfo);
    }

    /** {@code count} records at the pace {@code rateLimiterStrategy} sets. */
    public DataGeneratorSource(GeneratorFunction<Long, OUT> generatorFunction, long count,
            RateLimiterStrategy rateLimiterStrategy, TypeInformation<OUT> typeInfo) {
        this.generatorFunction = Objects.requireNonNull(generatorFunction, "generator function");
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        this.count = count;
        this.rateLimiterStrategy = Objects.requireNonNull(rateLimiterStrategy, "rate limiter strategy");
        this.typeInfo = typeInfo;
    }

    public GeneratorFunction<Long, OUT> getGeneratorFunction() {
        return generatorFunction;
    }

    public long getCount() {
        return count;
    }

    public RateLimiterStrategy getRateLimiterStrategy() {
        return rateLimiterStrategy;
    }

    /** The records' declared type (the Flink runner gives it to Flink). */
    public TypeInformation<OUT> getProducedType() {
        return typeInfo;
    }

    @Override
    public void run(SplitSourceContext<OUT> ctx) throws Exception {
        int n = ctx.getNumberOfParallelSubtasks();
        int i = ctx.getIndexOfThisSubtask();
        long base = count / n;
        long rest = count % n;
        long start = i * base + Math.min(i, rest);
        long size = base + (i < rest ? 1 : 0);
        String split = "datagen-" + i;
        ctx.announceSplit(split);
        RateLimiter limiter = rateLimiterStrategy.createRateLimiter(n);
        generatorFunction.open(new SourceReaderContext() {
            @Override
            public int getIndexOfSubtask() {
                return i;
            }

            @Override
            public int currentParallelism() {
                return n;
            }
        });
        try {
            for (long k = 0; k < size && running; k++) {
                limiter.acquire();
                ctx.collect(split, generatorFunction.map(start + k));
            }
        } finally {
            generatorFunction.close();
        }
        ctx.splitFinished(split);
    }

    @Override
    public void cancel() {
        running = false;
    }
}
