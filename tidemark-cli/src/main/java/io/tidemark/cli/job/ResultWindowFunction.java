package io.tidemark.cli.job;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * Turns a window's accumulator into a {@link WindowResult} with the firing's timing, index and
 * watermark. {@code avg} is the exact sum divided by the count, rounded to 16 significant digits
 * (IEEE 754 decimal64, half-even).
 */
final class ResultWindowFunction extends ProcessWindowFunction<Accumulator, WindowResult, List<String>, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final AggregateSpec.Kind[] kinds;

    ResultWindowFunction(List<AggregateSpec> aggregates) {
        this.kinds = aggregates.stream().map(AggregateSpec::kind).toArray(AggregateSpec.Kind[]::new);
    }

    @Override
    public void process(List<String> key, Context ctx, Iterable<Accumulator> elements, Collector<WindowResult> out) {
        Accumulator acc = elements.iterator().next();
        BigDecimal[] values = new BigDecimal[kinds.length];
        for (int i = 0; i < kinds.length; i++) {
            values[i] = switch (kinds[i]) {
                case COUNT -> BigDecimal.valueOf(acc.count);
                case SUM -> acc.sum[i];
                case AVG -> acc.sum[i].divide(BigDecimal.valueOf(acc.count), MathContext.DECIMAL64);
                case MIN -> acc.min[i];
                case MAX -> acc.max[i];
            };
        }
        Firing f = ctx.firing();
        TimeWindow w = ctx.window();
        out.collect(new WindowResult(key, w.getStart(), w.getEnd(), acc.count, values, f.timing().name(), f.index(),
                f.watermark()));
    }
}
