package io.tidemark.monitor;

import io.tidemark.api.common.eventtime.DisorderSketch;
import io.tidemark.api.common.metrics.InputStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The job at one moment, as the page and the JSON API show it: every operator subtask's metrics, every
 * input (split or channel) of every subtask, and the dead letters by reason.
 *
 * @param seq the sample's number (from 1)
 * @param time when it was taken (wall clock, ms)
 * @param status the job's status
 */
public record Sample(long seq, long time, String status, List<Subtask> subtasks, List<Input> inputs,
        Map<String, Long> deadLetters) {

    /** One operator subtask: its metrics by Flink's names, and the input holding its watermark back. */
    public record Subtask(String operator, int subtask, Map<String, Long> metrics, String holdingBack) {}

    /**
     * One input of a subtask.
     *
     * @param kind {@code split} or {@code channel}
     * @param idleTime how long it has been idle, ms (0 while active)
     * @param holdingBack whether it holds its subtask's watermark back
     * @param lastActive when records last came (wall clock, ms; -1 unknown)
     * @param maxTimestamp the largest record timestamp seen ({@code Long.MIN_VALUE} unknown)
     * @param disorder the disorder of its records since the previous sample (ms behind the largest
     *     timestamp before each: what a bounded-out-of-orderness watermark must cover), or null where
     *     not measured (channels) or before the first measurement
     */
    public record Input(String operator, int subtask, String input, String kind, long watermark, boolean idle,
            long idleTime, boolean holdingBack, long lastActive, long maxTimestamp, Disorder disorder) {}

    /**
     * Disorder quantiles of an input's records since the previous sample ({@code records} of them; the
     * quantiles are 0 when there were none), and its P99 over the whole run; within 1 % (DisorderSketch).
     */
    public record Disorder(long records, long p50, long p90, long p99, long max, long p99Total) {

        /** What {@code now} holds beyond {@code before} (both cumulative, {@code before} may be null). */
        static Disorder between(DisorderSketch before, DisorderSketch now) {
            DisorderSketch recent = now;
            if (before != null && before.count() <= now.count()) {
                recent = now.copy();
                recent.subtract(before);
            }
            return new Disorder(recent.count(), recent.valueAtQuantile(0.5), recent.valueAtQuantile(0.9),
                    recent.valueAtQuantile(0.99), recent.max(), now.valueAtQuantile(0.99));
        }
    }

    /**
     * Samples {@code job} now: {@code now} on the wall clock, {@code jobNow} on the job's (idle times);
     * {@code disorder} holds each input's disorder at the previous sample, and is updated.
     */
    static Sample of(long seq, long now, long jobNow, JobClient job, Map<String, Long> deadLetters,
            Map<String, DisorderSketch> disorder) {
        List<Subtask> subtasks = new ArrayList<>();
        List<Input> inputs = new ArrayList<>();
        for (SubtaskMetrics m : job.getMetrics()) {
            String holding = m.inputHoldingBack();
            subtasks.add(new Subtask(m.getOperatorName(), m.getSubtaskIndex(), m.snapshot(), holding));
            for (InputStatus in : m.inputs()) {
                Disorder d = null;
                if (in.disorder() != null) {
                    String id = m.getOperatorName() + "[" + m.getSubtaskIndex() + "] " + in.name();
                    d = Disorder.between(disorder.get(id), in.disorder());
                    disorder.put(id, in.disorder());
                }
                inputs.add(new Input(m.getOperatorName(), m.getSubtaskIndex(), in.name(), in.split() ? "split" : "channel",
                        in.watermark(), in.idle(), in.idleTime(jobNow), in.name().equals(holding), in.lastActive(),
                        in.maxTimestamp(), d));
            }
        }
        return new Sample(seq, now, job.getJobStatus().name(), subtasks, inputs, new TreeMap<>(deadLetters));
    }
}
