package io.tidemark.cli.reconcile;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.output.LineFormat;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The differences between a job's stored results and the batch recomputation of its input, window by
 * window: windows missing from the results, windows in the results that the batch has not (a session
 * absorbed by a longer one, say), and windows whose numbers differ; each with the late records of its
 * key whose event time lies in the window, which explain it.
 */
public final class Reconciliation {

    /** What differs about one window. */
    public enum Kind {
        /** In the batch, not in the results. */
        MISSING,
        /** In the results, not in the batch. */
        EXTRA,
        /** In both, with other numbers. */
        DIFFERS
    }

    /** One window's difference; {@code stored} or {@code batch} is null when the window is not there. */
    public record Difference(Kind kind, WindowKey window, WindowTotals stored, WindowTotals batch, List<LateRow> explainedBy) {}

    private final List<String> keyBy;
    private final List<AggregateSpec> aggregates;
    private final int batchWindows;
    private final int storedWindows;
    private final List<Difference> differences;

    private Reconciliation(List<String> keyBy, List<AggregateSpec> aggregates, int batchWindows, int storedWindows,
            List<Difference> differences) {
        this.keyBy = keyBy;
        this.aggregates = aggregates;
        this.batchWindows = batchWindows;
        this.storedWindows = storedWindows;
        this.differences = differences;
    }

    /**
     * Compares {@code stored} with {@code batch}: windows present in one only, and aggregates that differ
     * (numerically: {@code 12.50} equals {@code 12.5}). The stored count is compared when known. A late
     * record of the window's key explains a difference when its event time {@code t} lies in the window
     * or, for sessions ({@code sessionGap > 0}), when its own session {@code [t, t + gap)} meets the
     * window ({@code t ≤ end} and {@code t + gap ≥ start}: it would have merged with it).
     */
    public static Reconciliation compare(List<String> keyBy, List<AggregateSpec> aggregates, Map<WindowKey, WindowTotals> stored,
            Map<WindowKey, WindowTotals> batch, List<LateRow> late, long sessionGap) {
        TreeSet<WindowKey> all = new TreeSet<>(stored.keySet());
        all.addAll(batch.keySet());
        Map<List<String>, List<LateRow>> lateByKey = new TreeMap<>(WindowKey::compareKeys);
        for (LateRow r : late) {
            lateByKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
        }
        List<Difference> diffs = new ArrayList<>();
        for (WindowKey w : all) {
            WindowTotals s = stored.get(w);
            WindowTotals b = batch.get(w);
            Kind kind = s == null ? Kind.MISSING : b == null ? Kind.EXTRA : differ(s, b, aggregates.size()) ? Kind.DIFFERS : null;
            if (kind != null) {
                List<LateRow> why = new ArrayList<>();
                for (LateRow r : lateByKey.getOrDefault(w.key(), List.of())) {
                    long t = r.eventTime();
                    if (sessionGap > 0 ? t <= w.end() && t + sessionGap >= w.start() : w.contains(t)) {
                        why.add(r);
                    }
                }
                diffs.add(new Difference(kind, w, s, b, why));
            }
        }
        return new Reconciliation(keyBy, aggregates, batch.size(), stored.size(), diffs);
    }

    private static boolean differ(WindowTotals s, WindowTotals b, int n) {
        if (s.count() >= 0 && b.count() >= 0 && s.count() != b.count()) {
            return true;
        }
        for (int i = 0; i < n; i++) {
            if (!s.sameValue(b, i)) {
                return true;
            }
        }
        return false;
    }

    public List<Difference> differences() {
        return differences;
    }

    public boolean matches() {
        return differences.isEmpty();
    }

    /** One line per differing window (and one per late record explaining it), then a total. */
    public void print(PrintStream out) {
        out.println("windows: " + batchWindows + " in the batch recomputation, " + storedWindows + " in the results");
        long explained = 0;
        for (Difference d : differences) {
            out.println(d.kind() + " " + d.window().describe(keyBy) + "  " + numbers(d));
            if (d.explainedBy().isEmpty()) {
                out.println("  not explained by a late record");
            } else {
                explained++;
                out.println("  explained by " + d.explainedBy().size() + " late record" + (d.explainedBy().size() == 1 ? "" : "s") + ":");
                for (LateRow r : d.explainedBy()) {
                    out.println("    " + r.describe());
                }
            }
        }
        if (differences.isEmpty()) {
            out.println("no differences: the results equal the batch recomputation");
        } else {
            out.println(differences.size() + " window" + (differences.size() == 1 ? "" : "s") + " differ (" + explained
                    + " explained by late records); `tidemark backfill` corrects the windows late records touched");
        }
    }

    private String numbers(Difference d) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < aggregates.size(); i++) {
            String name = aggregates.get(i).outputName();
            String s = d.stored() == null ? null : LineFormat.number(d.stored().values()[i]);
            String b = d.batch() == null ? null : LineFormat.number(d.batch().values()[i]);
            if (s == null) {
                parts.add(name + " " + b + " (batch)");
            } else if (b == null) {
                parts.add(name + " " + s + " (results)");
            } else if (!d.stored().sameValue(d.batch(), i)) {
                parts.add(name + " " + s + " (results) vs " + b + " (batch)");
            }
        }
        return String.join(", ", parts);
    }
}
