package io.tidemark.flink;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Compares what the two engines produced: firings per watermark step as sets, late records as multisets. */
final class Differential {

    private Differential() {}

    static final Comparator<Scenario.Fired> FIRED_ORDER = Comparator.comparing(Scenario.Fired::key)
            .thenComparingLong(Scenario.Fired::start).thenComparingLong(Scenario.Fired::end)
            .thenComparingInt(Scenario.Fired::index).thenComparing(Scenario.Fired::toString);

    /** Firings grouped by the watermark they fired at, in output order; each group sorted. */
    static Map<Long, List<Scenario.Fired>> byWatermark(List<Scenario.Fired> fired) {
        Map<Long, List<Scenario.Fired>> steps = new LinkedHashMap<>();
        for (Scenario.Fired f : fired) {
            steps.computeIfAbsent(f.watermark(), k -> new ArrayList<>()).add(f);
        }
        steps.values().forEach(l -> l.sort(FIRED_ORDER));
        return steps;
    }

    /** Null when equal, else a description of the first differences. */
    static String compare(List<Scenario.Fired> tidemark, List<Scenario.Fired> flink, List<Scenario.Event> tidemarkLate,
            List<Scenario.Event> flinkLate) {
        StringBuilder diff = new StringBuilder();
        Map<Long, List<Scenario.Fired>> a = byWatermark(tidemark);
        Map<Long, List<Scenario.Fired>> b = byWatermark(flink);
        if (!Objects.equals(new ArrayList<>(a.keySet()), new ArrayList<>(b.keySet()))) {
            diff.append("  watermark steps differ: tidemark ").append(a.keySet()).append(" flink ").append(b.keySet()).append('\n');
        }
        for (Long wm : a.keySet()) {
            if (!Objects.equals(a.get(wm), b.get(wm))) {
                diff.append("  at watermark ").append(wm).append(":\n    tidemark ").append(a.get(wm))
                        .append("\n    flink    ").append(b.get(wm)).append('\n');
            }
        }
        for (Long wm : b.keySet()) {
            if (!a.containsKey(wm)) {
                diff.append("  at watermark ").append(wm).append(" only flink fired: ").append(b.get(wm)).append('\n');
            }
        }
        List<Scenario.Event> la = new ArrayList<>(tidemarkLate);
        List<Scenario.Event> lb = new ArrayList<>(flinkLate);
        la.sort(Comparator.comparingInt(Scenario.Event::seq));
        lb.sort(Comparator.comparingInt(Scenario.Event::seq));
        if (!la.equals(lb)) {
            diff.append("  late records differ:\n    tidemark ").append(la).append("\n    flink    ").append(lb).append('\n');
        }
        return diff.length() == 0 ? null : diff.toString();
    }
}
