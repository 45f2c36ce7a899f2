package io.tidemark.monitor;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.tidemark.api.common.metrics.InputStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The job's metrics in Prometheus' model, read live at every scrape (the exposition format is the
 * prometheus-metrics library's). Names are Flink's under a {@code tidemark_} prefix, labels Flink's
 * Prometheus reporter's ({@code job_name}, {@code operator_name}, {@code subtask_index}):
 *
 * <ul>
 *   <li>{@code tidemark_operator_<name>}: every operator subtask's metric; the counters
 *       ({@code numRecordsIn}, {@code numLateRecordsDropped}, …) as Prometheus counters (exposed with
 *       {@code _total}), the rest (watermarks, {@code watermarkLag}, {@code idle}, {@code openWindows},
 *       {@code stateSize}, {@code queueFill}) as gauges;
 *   <li>{@code tidemark_split_<name>}, label {@code split}: each split of a split source —
 *       {@code currentWatermark} and {@code accumulatedIdleTimeMs} (Flink's per-split names), {@code idle}
 *       (1/0), {@code idleTime} (ms idle now), {@code watermarkLag} (ms), {@code holdingBack} (1 for the
 *       split whose watermark is the source's);
 *   <li>{@code tidemark_channel_<name>}, label {@code channel}: the same for the input channels of an
 *       operator behind an exchange (without idle time);
 *   <li>{@code tidemark_watermark_maxOutOfOrdernessMs}, {@code tidemark_watermark_idleTimeoutMs}: the
 *       watermark strategy's bound and idle timeout, on each subtask that generates watermarks (where
 *       known), so that alert rules can compare the lag with the bound;
 *   <li>{@code tidemark_deadLetters_total}, label {@code reason}.
 * </ul>
 *
 * Watermarks are event time in ms ({@code Long.MIN_VALUE} before the first, as Flink reports it); lags and
 * times are ms, as in Flink.
 */
final class PrometheusMetrics implements MultiCollector {

    /** The operator metrics that only count up: Prometheus counters. */
    static final Set<String> COUNTERS = Set.of(SubtaskMetrics.NUM_RECORDS_IN, SubtaskMetrics.NUM_RECORDS_OUT,
            SubtaskMetrics.NUM_LATE_RECORDS_DROPPED, SubtaskMetrics.NUM_LATE_RECORDS_SIDE_OUTPUT,
            SubtaskMetrics.NUM_LATE_RECORDS_RE_FIRED, SubtaskMetrics.NUM_RECORDS_WITHOUT_WINDOW,
            SubtaskMetrics.NUM_WINDOW_FIRINGS);

    private static final String[] SUBTASK_LABELS = {"job_name", "operator_name", "subtask_index"};

    private final JobClient job;
    private final Clock clock;
    private final Supplier<Map<String, Long>> deadLetters;

    PrometheusMetrics(JobClient job, Clock clock, Supplier<Map<String, Long>> deadLetters) {
        this.job = job;
        this.clock = clock;
        this.deadLetters = deadLetters;
    }

    @Override
    public MetricSnapshots collect() {
        long now = clock.currentTimeMillis();
        Map<String, List<Point>> operator = new LinkedHashMap<>();
        Map<String, List<Point>> split = new LinkedHashMap<>();
        Map<String, List<Point>> channel = new LinkedHashMap<>();
        Map<String, List<Point>> generation = new LinkedHashMap<>();
        for (SubtaskMetrics m : job.getMetrics()) {
            Labels subtask = Labels.of(SUBTASK_LABELS, new String[] {job.getJobName(), m.getOperatorName(),
                    String.valueOf(m.getSubtaskIndex())});
            m.snapshot().forEach((name, v) -> add(operator, name, subtask, v));
            m.watermarkGeneration().ifPresent(g -> {
                if (g.maxOutOfOrderness() != null) {
                    add(generation, "maxOutOfOrdernessMs", subtask, g.maxOutOfOrderness().toMillis());
                }
                if (g.idleTimeout() != null) {
                    add(generation, "idleTimeoutMs", subtask, g.idleTimeout().toMillis());
                }
            });
            String holding = m.inputHoldingBack();
            for (InputStatus in : m.inputs()) {
                Labels l = subtask.add(in.split() ? "split" : "channel", in.name());
                Map<String, List<Point>> family = in.split() ? split : channel;
                add(family, "currentWatermark", l, in.watermark());
                add(family, "idle", l, in.idle() ? 1 : 0);
                add(family, "holdingBack", l, in.name().equals(holding) ? 1 : 0);
                boolean hasWatermark = in.watermark() != Long.MIN_VALUE && in.watermark() != Long.MAX_VALUE;
                add(family, "watermarkLag", l, hasWatermark ? now - in.watermark() : -1);
                if (in.split()) {
                    add(family, "idleTime", l, in.idleTime(now));
                    add(family, "accumulatedIdleTimeMs", l, in.accumulatedIdleTime(now));
                }
            }
        }
        List<MetricSnapshot> all = new ArrayList<>();
        operator.forEach((name, points) -> all.add(snapshot("tidemark_operator_" + name, COUNTERS.contains(name), points)));
        split.forEach((name, points) -> all.add(snapshot("tidemark_split_" + name, false, points)));
        channel.forEach((name, points) -> all.add(snapshot("tidemark_channel_" + name, false, points)));
        generation.forEach((name, points) -> all.add(snapshot("tidemark_watermark_" + name, false, points)));
        List<Point> dead = new ArrayList<>();
        deadLetters.get().forEach((reason, n) -> dead.add(new Point(Labels.of("job_name", job.getJobName(), "reason", reason), n)));
        all.add(snapshot("tidemark_deadLetters", true, dead));
        return new MetricSnapshots(all);
    }

    private record Point(Labels labels, long value) {}

    private static void add(Map<String, List<Point>> family, String name, Labels labels, long value) {
        family.computeIfAbsent(name, k -> new ArrayList<>()).add(new Point(labels, value));
    }

    private static MetricSnapshot snapshot(String name, boolean counter, List<Point> points) {
        if (counter) {
            CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help(name));
            for (Point p : points) {
                b.dataPoint(CounterDataPointSnapshot.builder().labels(p.labels()).value(p.value()).build());
            }
            return b.build();
        }
        GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help(name));
        for (Point p : points) {
            b.dataPoint(GaugeDataPointSnapshot.builder().labels(p.labels()).value(p.value()).build());
        }
        return b.build();
    }

    private static String help(String name) {
        String metric = name.substring(name.lastIndexOf('_') + 1);
        return switch (metric) {
            case "currentInputWatermark" -> "The operator's input watermark (event time, ms)";
            case "currentOutputWatermark" -> "The operator's output watermark (event time, ms)";
            case "currentWatermark" -> "The input's watermark (event time, ms)";
            case "watermarkLag" -> "Processing time minus the watermark, ms";
            case "maxWatermarkLag" -> "The largest watermark lag seen so far, ms";
            case "lastEventTimeWatermark" -> "The last watermark below the end of input (event time, ms)";
            case "idle" -> "1 while idle";
            case "idleTime" -> "How long the split has been idle, ms (0 while active)";
            case "accumulatedIdleTimeMs" -> "The split's idle time so far, ms";
            case "holdingBack" -> "1 for the input whose watermark is its subtask's";
            case "queueFill" -> "Batches waiting in the subtask's input queue";
            case "openWindows" -> "Windows with contents now";
            case "stateSize" -> "Objects kept in window state";
            case "deadLetters" -> "Dead letters by reason";
            case "maxOutOfOrdernessMs" -> "The watermark strategy's out-of-orderness bound, ms";
            case "watermarkBound" -> "The out-of-orderness bound in use now (an adaptive bound as learned), ms";
            case "idleTimeoutMs" -> "The watermark strategy's idle timeout (withIdleness), ms";
            default -> "Flink's " + metric;
        };
    }
}
