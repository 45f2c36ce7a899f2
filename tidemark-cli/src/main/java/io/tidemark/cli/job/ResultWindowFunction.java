package io.tidemark.cli.job;

import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns a window's accumulator into a {@link WindowResult} with the firing's timing, index and
 * watermark. {@code avg} is the exact sum divided by the count, rounded to 16 significant digits
 * (IEEE 754 decimal64, half-even).
 *
 * <p>Session windows: a result names the earlier rows of its key that it replaces. The function keeps,
 * per key (in keyed state), the sessions it has emitted that still exist in the window operator:
 * a firing lists and forgets the emitted sessions its window covers (they merged into it), then
 * remembers its own; {@link #clear} — called when the operator cleans a window up, never when a window
 * merges away — forgets a session that can no longer be absorbed. So a session cleaned up before a
 * later session grew over its bounds is never listed. Bound: per key, the sessions that fired and are
 * not yet cleaned up, those ending within {@code allowed-lateness} of the watermark — at most
 * {@code allowed-lateness / gap + 1}. Engine-independent: both engines call {@code clear} at cleanup.
 */
final class ResultWindowFunction extends ProcessWindowFunction<Accumulator, WindowResult, List<String>, TimeWindow> {

    private static final long serialVersionUID = 1L;

    /** Emitted sessions of the key: window start → window end. */
    static final MapStateDescriptor<Long, Long> EMITTED = new MapStateDescriptor<>("tidemark-cli-emitted-sessions", Long.class, Long.class);

    private final AggregateSpec.Kind[] kinds;
    private final boolean sessions;

    ResultWindowFunction(List<AggregateSpec> aggregates, boolean sessions) {
        this.kinds = aggregates.stream().map(AggregateSpec::kind).toArray(AggregateSpec.Kind[]::new);
        this.sessions = sessions;
    }

    @Override
    public void process(List<String> key, Context ctx, Iterable<Accumulator> elements, Collector<WindowResult> out) throws Exception {
        Accumulator acc = elements.iterator().next();
        BigDecimal[] values = new BigDecimal[kinds.length];
        for (int i = 0; i < kinds.length; i++) {
            values[i] = switch (kinds[i]) {
                case COUNT -> BigDecimal.valueOf(acc.count);
                case SUM -> acc.sum(i);
                case AVG -> acc.sum(i).divide(BigDecimal.valueOf(acc.count), MathContext.DECIMAL64);
                case MIN -> acc.min[i];
                case MAX -> acc.max[i];
            };
        }
        Firing f = ctx.firing();
        TimeWindow w = ctx.window();
        List<Span> replaces = List.of();
        if (sessions) {
            replaces = new ArrayList<>();
            MapState<Long, Long> emitted = ctx.globalState().getMapState(EMITTED);
            for (Map.Entry<Long, Long> e : emitted.entries()) {
                Span s = new Span(e.getKey(), e.getValue());
                if (w.getStart() <= s.start() && s.end() <= w.getEnd() && !(s.start() == w.getStart() && s.end() == w.getEnd())) {
                    replaces.add(s);
                }
            }
            for (Span s : replaces) {
                emitted.remove(s.start());
            }
            replaces.sort((a, b) -> Long.compare(a.start(), b.start()));
            emitted.put(w.getStart(), w.getEnd());
        }
        out.collect(new WindowResult(key, w.getStart(), w.getEnd(), acc.count, values, f.timing().name(), f.index(),
                f.watermark(), replaces));
    }

    @Override
    public void clear(Context ctx) throws Exception {
        if (sessions) {
            MapState<Long, Long> emitted = ctx.globalState().getMapState(EMITTED);
            TimeWindow w = ctx.window();
            Long end = emitted.get(w.getStart());
            if (end != null && end == w.getEnd()) {
                emitted.remove(w.getStart());
            }
        }
    }
}
