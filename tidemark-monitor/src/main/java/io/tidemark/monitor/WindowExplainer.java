package io.tidemark.monitor;

import io.tidemark.api.common.metrics.InputStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.api.common.metrics.TimestampJump;
import io.tidemark.api.common.metrics.WatermarkGeneration;
import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.core.execution.JobClient;
import io.tidemark.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Answers "why has window T of key K not fired?" for a running job, the seeds' checklist line by line:
 * were timestamps and watermarks assigned; does one partition (split) or subtask hold the watermark
 * back, and would idleness release it; is the out-of-orderness bound what holds it; did the watermark
 * jump on an abnormal timestamp; did the window get records; were they late.
 *
 * <p>How: every subtask of the window operator is asked about the key ({@link WindowQuery}, answered on
 * the subtask's thread); the subtask that knows the key is its owner. Its watermark is traced upstream
 * — through the input holding it back at each stage ({@link SubtaskMetrics#inputHoldingBack}), chain
 * predecessor or exchange producer ({@link SubtaskMetrics#upstreamOperator}) — to the subtask that
 * generates watermarks, whose splits, bound, idleness and largest timestamp jumps
 * ({@link WatermarkGeneration}) decide between the reasons of {@link Explanation}.
 *
 * <p>Bounds: the window operators keep their last 256 late records and 256 firings per subtask; an older one is no longer known (the answer then says the window got no records). A jump is
 * abnormal when it moved the largest timestamp by more than a window's length plus the bound: more than
 * out-of-order data and one window explain.
 */
public final class WindowExplainer {

    /** How long a window subtask may take to answer. */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(5);

    private final JobClient job;
    private final Clock clock;

    public WindowExplainer(JobClient job, Clock clock) {
        this.job = job;
        this.clock = clock;
    }

    /** Explains window {@code windowStart} of {@code key} (its text, as {@code String.valueOf} gives it). */
    public Explanation explain(String key, long windowStart) throws InterruptedException {
        List<SubtaskMetrics> all = job.getMetrics();
        List<SubtaskMetrics> windows = new ArrayList<>();
        String operator = null;
        for (SubtaskMetrics m : all) {
            if (m.windowQuery().isPresent() && (operator == null || operator.equals(m.getOperatorName()))) {
                operator = m.getOperatorName();
                windows.add(m);
            }
        }
        Builder b = new Builder(key, windowStart);
        if (windows.isEmpty()) {
            return b.done("no_window_operator", "the job has no window operator that can be asked (the Flink engine "
                    + "does not answer window questions; see docs/monitoring.md)");
        }
        List<CompletableFuture<WindowQuery.Answer>> asked = new ArrayList<>();
        for (SubtaskMetrics m : windows) {
            asked.add(m.windowQuery().get().ask(key, windowStart));
        }
        SubtaskMetrics owner = null;
        WindowQuery.Answer answer = null;
        WindowQuery.Answer any = null;
        for (int i = 0; i < asked.size(); i++) {
            WindowQuery.Answer a;
            try {
                a = asked.get(i).get(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                continue;
            }
            if (any == null || a.currentWatermark() < any.currentWatermark()) {
                any = a;
                if (owner == null) {
                    b.subtask = windows.get(i);
                }
            }
            if (a.keyFound() && owner == null) {
                owner = windows.get(i);
                answer = a;
            }
        }
        if (any == null) {
            return b.done("not_answered", "no subtask of window operator '" + operator + "' answered within "
                    + ANSWER_TIMEOUT.toSeconds() + " s (the job has ended, or its subtasks are stuck)");
        }
        if (owner != null) {
            b.subtask = owner;
        }
        b.keyFound = owner != null;
        return new Reasoning(b, answer != null ? answer : any, all).explain();
    }

    /** What an explanation is built from, and the explanation as it grows. */
    private final class Builder {
        final String key;
        final long start;
        SubtaskMetrics subtask;
        boolean keyFound;
        Long end;
        final Map<String, Object> watermark = new LinkedHashMap<>();
        Map<String, Object> holdingBack;
        final List<Explanation.Check> checks = new ArrayList<>();
        final Map<String, Object> details = new LinkedHashMap<>();

        Builder(String key, long start) {
            this.key = key;
            this.start = start;
        }

        void check(String check, String finding, String detail) {
            checks.add(new Explanation.Check(check, finding, detail));
        }

        Explanation done(String reason, String message) {
            return new Explanation(key, start, end, reason, message, watermark, holdingBack, checks, details);
        }
    }

    /** One explanation's reasoning over one subtask's answer and the job's metrics. */
    private final class Reasoning {
        final Builder b;
        final WindowQuery.Answer a;
        final List<SubtaskMetrics> all;
        final long now = clock.currentTimeMillis();

        Reasoning(Builder b, WindowQuery.Answer a, List<SubtaskMetrics> all) {
            this.b = b;
            this.a = a;
            this.all = all;
        }

        Explanation explain() {
            long w = a.currentWatermark();
            WindowQuery.OpenWindow open = null;
            for (WindowQuery.OpenWindow o : a.openWindows()) {
                if (o.start() == b.start || a.windowEnd() == Long.MIN_VALUE && o.start() <= b.start && b.start < o.end()) {
                    open = o;
                    break;
                }
            }
            if (a.windowEnd() != Long.MIN_VALUE) {
                b.end = a.windowEnd();
            } else if (open != null) {
                b.end = open.end();
            } else if (!a.firings().isEmpty()) {
                b.end = a.firings().get(a.firings().size() - 1).end();
            }
            long maxTs = b.end == null ? Long.MIN_VALUE : b.end - 1;
            b.watermark.put("operator", b.subtask.getOperatorName());
            b.watermark.put("subtask", b.subtask.getSubtaskIndex());
            b.watermark.put("current", w);
            b.watermark.put("current_time", time(w));
            if (b.end != null) {
                b.watermark.put("fires_at", maxTs);
                b.watermark.put("fires_at_time", time(maxTs));
                b.watermark.put("behind_ms", w == Long.MIN_VALUE ? null : Math.max(0, maxTs - w));
            }
            b.watermark.put("allowed_lateness_ms", a.allowedLateness());
            b.details.put("key_found", b.keyFound);
            b.details.put("open_windows_of_key", a.openWindows());
            b.details.put("firings", a.firings());
            b.details.put("late_records", a.lateRecords());

            Trace trace = trace(b.subtask);
            WatermarkGeneration gen = trace.generation;
            Long bound = gen == null || gen.maxOutOfOrderness() == null ? null : gen.maxOutOfOrderness().toMillis();
            b.holdingBack = trace.holding;

            // 1. timestamps and watermarks assigned
            boolean noWatermark = w == Long.MIN_VALUE;
            if (gen != null && gen.noWatermarks()) {
                b.check("timestamps and watermarks assigned", "problem", "the strategy is noWatermarks(): event-time "
                        + "windows fire only when a bounded input ends");
            } else if (noWatermark) {
                b.check("timestamps and watermarks assigned", "problem", trace.holding != null
                        ? "no watermark yet: input '" + trace.holding.get("input") + "' has none (no record on it so far)"
                        : "no watermark has reached the window operator: check that assignTimestampsAndWatermarks "
                                + "(or the source's strategy) comes before the window");
            } else {
                b.check("timestamps and watermarks assigned", "ok", "the window operator's watermark is " + time(w));
            }
            // 2. one partition or subtask holds the watermark back
            boolean othersPast = trace.othersMax != Long.MIN_VALUE && b.end != null && trace.othersMax >= maxTs;
            if (trace.holding != null && othersPast) {
                b.check("one partition or subtask holds the watermark back", "problem", trace.describe());
            } else if (trace.holding != null) {
                b.check("one partition or subtask holds the watermark back", "ok", "the lowest input is '"
                        + trace.holding.get("input") + "', but no other input is past the window's end either");
            } else {
                b.check("one partition or subtask holds the watermark back", "n/a", "one input only, or every input idle");
            }
            // 3. the out-of-orderness bound
            long newest = trace.maxTimestamp;
            boolean boundHolds = b.end != null && bound != null && newest != Long.MIN_VALUE && newest >= maxTs
                    && !othersPast && w < maxTs;
            if (bound == null) {
                b.check("out-of-orderness bound", "n/a", "the strategy's bound is not known (a custom generator)");
            } else if (boundHolds) {
                b.check("out-of-orderness bound", "problem", "records up to " + time(newest) + " have come, but the "
                        + "watermark trails them by the bound, " + bound + " ms: it reaches " + time(maxTs)
                        + " when a record of " + time(maxTs + bound + 1) + " or later has come on every split");
            } else {
                b.check("out-of-orderness bound", "ok", "bound " + bound + " ms");
            }
            // 4. a watermark jump on an abnormal timestamp
            TimestampJump jump = gen == null || b.end == null ? null
                    : jumpOver(gen.largestJumps(), maxTs + a.allowedLateness(), bound == null ? 0 : bound, b.end - b.start);
            if (jump != null) {
                b.details.put("jump", jump);
                b.check("watermark jump on an abnormal timestamp", "problem", describe(jump));
            } else {
                b.check("watermark jump on an abnormal timestamp", "ok", gen == null || gen.largestJumps().isEmpty()
                        ? "none seen" : "largest move of the newest timestamp: " + gen.largestJumps().get(0).advance() + " ms");
            }
            // 5. the window got records; 6. they were late
            boolean got = open != null || !a.firings().isEmpty() || !a.lateRecords().isEmpty();
            b.check("the window got records", got ? "ok" : "problem", got
                    ? (open != null ? "it holds records now" : !a.firings().isEmpty() ? "it fired" : "only late ones")
                    : "no record of key '" + b.key + "' in it (none in state, none among the subtask's recent firings or late records)");
            b.check("records were late", a.lateRecords().isEmpty() ? "ok" : "problem", a.lateRecords().isEmpty()
                    ? "no late record of this window" : a.lateRecords().size() + " late record(s) of this window");

            if (a.firings().isEmpty() && open != null && open.firings() > 0) {
                return b.done("fired", "window [" + time(b.start) + ", " + time(b.end) + ") of key '" + b.key + "' fired "
                        + open.firings() + " time(s) and is kept for allowed lateness");
            }
            if (!a.firings().isEmpty()) {
                WindowQuery.FiringRecord first = a.firings().get(0);
                return b.done("fired", "window [" + time(b.start) + ", " + time(b.end) + ") of key '" + b.key + "' fired "
                        + a.firings().size() + " time(s), first " + first.timing() + " at watermark " + time(first.watermark())
                        + (a.lateRecords().isEmpty() ? "" : "; " + a.lateRecords().size() + " of its records came late"));
            }
            if (gen != null && gen.noWatermarks() || noWatermark && open != null) {
                return b.done("no_watermark", b.checks.get(0).detail());
            }
            if (open != null) {
                if (othersPast) {
                    return b.done("held_back_by_input", trace.describe());
                }
                if (boundHolds) {
                    return b.done("out_of_orderness_bound", b.checks.get(2).detail());
                }
                return b.done("waiting_for_event_time", "the window holds records and fires when the watermark reaches "
                        + time(maxTs) + "; it is " + time(w) + (newest == Long.MIN_VALUE ? "" : ", and the newest record "
                        + "so far is of " + time(newest)) + ": no record past the window's end has come yet"
                        + (trace.holding == null ? "" : " (" + trace.describe() + ")"));
            }
            if (!a.lateRecords().isEmpty()) {
                WindowQuery.LateRecord l = a.lateRecords().get(0);
                String late = a.lateRecords().size() + " record(s) of the window came late: the first, of " + time(l.timestamp())
                        + ", when the watermark was already " + time(l.watermark()) + " (past the window's end"
                        + (a.allowedLateness() > 0 ? " plus the allowed lateness " + a.allowedLateness() + " ms" : "") + "); "
                        + (l.dropped() ? "dropped" : "sent to the late output");
                if (jump != null) {
                    return b.done("watermark_jump", describe(jump) + "; " + late);
                }
                return b.done("late_records", late);
            }
            if (b.end != null && w < maxTs && trace.holding != null) {
                return b.done("no_records", "the window got no records for key '" + b.key + "' so far (and the watermark, "
                        + time(w) + ", has not reached its end yet: " + trace.describe() + ")");
            }
            return b.done("no_records", "the window got no records for key '" + b.key + "'"
                    + (b.end != null && w >= maxTs ? ": the watermark passed its end (" + time(w) + ") with nothing to fire" : ""));
        }

        /** A jump that carried the watermark over {@code cleanup} and is larger than a window plus the bound. */
        TimestampJump jumpOver(List<TimestampJump> jumps, long cleanup, long bound, long windowLength) {
            for (TimestampJump j : jumps) {
                long before = j.previousMaxTimestamp() - bound - 1;
                long after = j.timestamp() - bound - 1;
                long move = j.advance() < 0 ? Long.MAX_VALUE : j.advance();
                if (before < cleanup && after >= cleanup && move > windowLength + bound) {
                    return j;
                }
            }
            return null;
        }

        String describe(TimestampJump j) {
            return "the watermark jumped: on split '" + j.input() + "' a record of " + time(j.timestamp())
                    + " moved the newest timestamp from " + time(j.previousMaxTimestamp()) + " by " + j.advance()
                    + " ms, past this window: " + j.record();
        }

        /** Follows the input holding the watermark back from {@code start} upstream to the generating subtask. */
        Trace trace(SubtaskMetrics start) {
            Trace t = new Trace();
            SubtaskMetrics at = start;
            for (int hops = 0; at != null && hops < 32; hops++) {
                List<InputStatus> inputs = at.inputs();
                String holding = at.inputHoldingBack();
                if (!inputs.isEmpty() && holding != null) {
                    InputStatus held = null;
                    long othersMax = Long.MIN_VALUE;
                    for (InputStatus in : inputs) {
                        if (in.name().equals(holding)) {
                            held = in;
                        } else if (!in.idle()) {
                            othersMax = Math.max(othersMax, in.watermark());
                        }
                        if (in.maxTimestamp() != Long.MIN_VALUE) {
                            t.maxTimestamp = Math.max(t.maxTimestamp, in.maxTimestamp());
                        }
                    }
                    if (held != null && (t.holding == null || othersMax != Long.MIN_VALUE)) {
                        t.set(at, held, othersMax);
                    }
                }
                if (at.watermarkGeneration().isPresent()) {
                    t.generation = at.watermarkGeneration().get();
                    t.generator = at;
                    break;
                }
                String up = at.upstreamOperator();
                if (up == null) {
                    break;
                }
                int index = at.getSubtaskIndex();
                if (!inputs.isEmpty() && !inputs.get(0).split()) {
                    index = holding == null ? 0 : Integer.parseInt(holding);
                }
                at = find(up, index);
            }
            if (t.holding != null && t.generation != null) {
                t.describeIdleness();
            }
            return t;
        }

        SubtaskMetrics find(String operator, int subtask) {
            for (SubtaskMetrics m : all) {
                if (m.getOperatorName().equals(operator) && m.getSubtaskIndex() == subtask) {
                    return m;
                }
            }
            return null;
        }

        /** Where the watermark is held back. */
        final class Trace {
            Map<String, Object> holding;
            InputStatus held;
            long othersMax = Long.MIN_VALUE;
            long maxTimestamp = Long.MIN_VALUE;
            WatermarkGeneration generation;
            SubtaskMetrics generator;
            String idleness;

            void set(SubtaskMetrics at, InputStatus in, long others) {
                held = in;
                othersMax = others;
                holding = new LinkedHashMap<>();
                holding.put("operator", at.getOperatorName());
                holding.put("subtask", at.getSubtaskIndex());
                holding.put("input", in.name());
                holding.put("kind", in.split() ? "split" : "channel");
                holding.put("watermark", in.watermark());
                holding.put("watermark_time", time(in.watermark()));
                holding.put("other_inputs_max_watermark", others == Long.MIN_VALUE ? null : others);
                holding.put("behind_others_ms", others == Long.MIN_VALUE || in.watermark() == Long.MIN_VALUE ? null
                        : others - in.watermark());
                holding.put("idle", in.idle());
                holding.put("last_active", in.lastActive() < 0 ? null : in.lastActive());
                holding.put("silent_for_ms", in.lastActive() < 0 ? null : Math.max(0, now - in.lastActive()));
            }

            /** Whether and when idleness would release the held input (Flink's idleness timer). */
            void describeIdleness() {
                Duration timeout = generation.idleTimeout();
                if (!held.split()) {
                    idleness = null;
                } else if (timeout == null) {
                    idleness = "no idleness is configured (withIdleness): it holds the watermark until it gets a record";
                } else if (held.lastActive() < 0) {
                    idleness = "idleness (" + timeout.toMillis() + " ms) marks it idle once it has been silent that long "
                            + "(it has had no record yet)";
                } else {
                    long release = held.lastActive() + timeout.toMillis() + generation.intervalMillis();
                    idleness = "idleness (" + timeout.toMillis() + " ms) marks it idle at about " + Instant.ofEpochMilli(release)
                            + (release > now ? " (in " + (release - now) + " ms)" : "")
                            + "; the watermark then follows the other splits";
                    holding.put("idle_release_at", release);
                }
                holding.put("idle_timeout_ms", timeout == null ? null : timeout.toMillis());
                holding.put("idleness", idleness);
            }

            String describe() {
                if (holding == null) {
                    return "nothing holds the watermark back";
                }
                String s = (held.split() ? "split '" : "input channel '") + held.name() + "' of " + holding.get("operator")
                        + "[" + holding.get("subtask") + "] holds the watermark at " + time(held.watermark());
                if (othersMax != Long.MIN_VALUE && held.watermark() != Long.MIN_VALUE) {
                    s += ", " + (othersMax - held.watermark()) + " ms behind the other inputs (" + time(othersMax) + ")";
                } else if (held.watermark() == Long.MIN_VALUE) {
                    s += " (it has had no record)";
                }
                if (held.lastActive() >= 0) {
                    s += "; its last record came " + Math.max(0, now - held.lastActive()) + " ms ago";
                }
                return idleness == null ? s : s + "; " + idleness;
            }
        }
    }

    /** An event time as ISO-8601 (UTC), or a word for the extremes. */
    static String time(Long t) {
        if (t == null) {
            return "?";
        }
        if (t == Long.MIN_VALUE) {
            return "none (Long.MIN_VALUE)";
        }
        if (t == Long.MAX_VALUE) {
            return "end of input (Long.MAX_VALUE)";
        }
        try {
            return Instant.ofEpochMilli(t).toString();
        } catch (RuntimeException e) {
            return String.valueOf(t);
        }
    }
}
