package io.tidemark.cli.reconcile;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.io.Event;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The batch side of a reconciliation: groups every valid input record by key and window and
 * aggregates each group, with none of the streaming path — no watermarks, triggers, lateness, window
 * operator, state, accumulators or sinks. Windows come from the definitions written out here again:
 * <ul>
 *   <li>tumbling: {@code start = t − floorMod(t − offset, size)}, {@code end = start + size};
 *   <li>sliding: every {@code start = lastStart − k·slide > t − size} with
 *       {@code lastStart = t − floorMod(t − offset, slide)};
 *   <li>session: a key's records sorted by time; a record at {@code t} opens {@code [t, t + gap)} and
 *       joins the current session when {@code t} is at most its end (windows that overlap or touch merge,
 *       Flink's {@code TimeWindow.intersects}: {@code [1000, 3000)} and {@code [3000, 5000)} are one session).
 * </ul>
 * Aggregates are exact decimals: count, sum, min, max, and avg = sum / count rounded to 16
 * significant digits (half-even), the results' documented rule.
 *
 * <p>What it shares with the streaming path is only the reading of lines ({@link ValidInput}), which
 * decides which records are valid: that decision is what "all valid input" means. Memory: every valid
 * record's key, time and values (the input is read once, whole).
 */
public final class BatchGroupBy {

    private BatchGroupBy() {}

    /** Every window of every key with its totals, in key and window order. */
    public static TreeMap<WindowKey, WindowTotals> compute(JobConfig job, List<Event> events) {
        Map<WindowKey, List<Event>> groups = new HashMap<>();
        JobConfig.Window w = job.window();
        if (w.type() == JobConfig.WindowType.SESSION) {
            sessions(events, w.gap().toMillis(), groups);
        } else {
            long size = w.size().toMillis();
            long slide = w.type() == JobConfig.WindowType.SLIDING ? w.slide().toMillis() : size;
            long offset = w.offset() == null ? 0 : w.offset().toMillis();
            for (Event e : events) {
                long t = e.timestamp();
                long last = t - Math.floorMod(t - offset, slide);
                for (long start = last; start > t - size; start -= slide) {
                    groups.computeIfAbsent(new WindowKey(text(e.key()), start, start + size), k -> new ArrayList<>()).add(e);
                }
            }
        }
        TreeMap<WindowKey, WindowTotals> out = new TreeMap<>();
        groups.forEach((k, g) -> out.put(k, totals(job.aggregates(), g)));
        return out;
    }

    private static void sessions(List<Event> events, long gap, Map<WindowKey, List<Event>> groups) {
        Map<List<String>, List<Event>> byKey = new HashMap<>();
        for (Event e : events) {
            byKey.computeIfAbsent(text(e.key()), k -> new ArrayList<>()).add(e);
        }
        for (Map.Entry<List<String>, List<Event>> k : byKey.entrySet()) {
            List<Event> sorted = new ArrayList<>(k.getValue());
            sorted.sort(Comparator.comparingLong(Event::timestamp));
            List<Event> current = new ArrayList<>();
            long start = 0;
            long end = Long.MIN_VALUE;
            for (Event e : sorted) {
                long t = e.timestamp();
                if (!current.isEmpty() && t > end) {
                    groups.put(new WindowKey(k.getKey(), start, end), current);
                    current = new ArrayList<>();
                }
                if (current.isEmpty()) {
                    start = t;
                    end = t + gap;
                } else {
                    end = Math.max(end, t + gap);
                }
                current.add(e);
            }
            if (!current.isEmpty()) {
                groups.put(new WindowKey(k.getKey(), start, end), current);
            }
        }
    }

    static WindowTotals totals(List<AggregateSpec> aggregates, List<Event> group) {
        long n = group.size();
        BigDecimal[] values = new BigDecimal[aggregates.size()];
        for (int i = 0; i < values.length; i++) {
            AggregateSpec.Kind kind = aggregates.get(i).kind();
            if (kind == AggregateSpec.Kind.COUNT) {
                values[i] = BigDecimal.valueOf(n);
                continue;
            }
            BigDecimal sum = BigDecimal.ZERO;
            BigDecimal min = null;
            BigDecimal max = null;
            for (Event e : group) {
                BigDecimal v = e.value(i);
                sum = sum.add(v);
                min = min == null || v.compareTo(min) < 0 ? v : min;
                max = max == null || v.compareTo(max) > 0 ? v : max;
            }
            values[i] = switch (kind) {
                case SUM -> sum;
                case AVG -> sum.divide(BigDecimal.valueOf(n), MathContext.DECIMAL64);
                case MIN -> min;
                case MAX -> max;
                default -> throw new IllegalStateException(kind.name());
            };
        }
        return new WindowTotals(n, values);
    }

    /** JSON literals as text: a string without its quotes, anything else as written. */
    public static List<String> text(List<String> literals) {
        List<String> out = new ArrayList<>(literals.size());
        for (String l : literals) {
            out.add(unquote(l));
        }
        return out;
    }

    static String unquote(String literal) {
        if (literal.length() >= 2 && literal.startsWith("\"")) {
            try {
                return io.tidemark.cli.io.LineParser.JSON.readValue(literal, String.class);
            } catch (Exception e) {
                return literal;
            }
        }
        return literal;
    }
}
