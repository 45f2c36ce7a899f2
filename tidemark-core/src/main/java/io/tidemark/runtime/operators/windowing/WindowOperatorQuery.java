package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.MailboxExecutor;
import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A window operator subtask's answers to {@link WindowQuery}: asked from any thread, answered on the
 * subtask's side through its {@link MailboxExecutor}, from the operator's state (the key's windows with
 * contents), its {@link WindowLog} (recent firings and late records) and its watermark. Read-only,
 * except that answering publishes the state size afresh.
 *
 * <p>Cost, on the subtask's thread, per question: a walk over the keys (or slices) to find the key's
 * windows, and over the two logs; late records' keys and windows are computed then, from the key
 * selector and the assigner.
 */
final class WindowOperatorQuery implements WindowQuery {

    private final WindowOperator<?, ?, ?> operator;
    private final MailboxExecutor mailbox;

    WindowOperatorQuery(WindowOperator<?, ?, ?> operator, MailboxExecutor mailbox) {
        this.operator = operator;
        this.mailbox = mailbox;
    }

    @Override
    public CompletableFuture<Answer> ask(String key, long windowStart) {
        return mailbox.submit(() -> answer(key, windowStart));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Answer answer(String key, long start) throws Exception {
        WindowOperator<?, ?, ?> op = operator;
        op.publishState(true);
        boolean merging = op.assigner instanceof MergingWindowAssigner;
        List<OpenWindow> open = new ArrayList<>();
        op.describeKey(key, open);
        open.sort(Comparator.comparingLong((OpenWindow w) -> Math.abs(w.start() - start)));
        if (open.size() > Answer.MAX_LISTED) {
            open = open.subList(0, Answer.MAX_LISTED);
        }
        List<FiringRecord> firings = op.log.firings(k -> WindowOperatorQuery.matches(k, key), w -> covers(w, start, merging));
        KeySelector selector = op.getKeySelector();
        WindowAssigner assigner = op.assigner;
        List<LateRecord> late = op.log.lateRecords((value, timestamp) -> {
            if (selector == null || !WindowOperatorQuery.matches(selector.getKey(value), key)) {
                return false;
            }
            for (Object w : assigner.assignWindows(value, timestamp, op.assignerContext)) {
                if (covers((Window) w, start, merging)) {
                    return true;
                }
            }
            return false;
        }, op.rules.dropsLate());
        boolean found = !open.isEmpty() || !firings.isEmpty() || !late.isEmpty();
        return new Answer(found, op.getCurrentWatermark(), op.rules.allowedLateness(), op.rules.isEventTime(),
                merging ? Long.MIN_VALUE : fixedEnd(start), open, firings, late);
    }

    /**
     * Whether {@code key} is the key a question names: its text ({@code String.valueOf}), or for a key of
     * several values (a list, a tuple's fields as a list) those values' texts joined by {@code |}.
     */
    static boolean matches(Object key, String text) {
        if (String.valueOf(key).equals(text)) {
            return true;
        }
        if (key instanceof java.util.Collection<?> values) {
            java.util.StringJoiner j = new java.util.StringJoiner("|");
            for (Object v : values) {
                j.add(String.valueOf(v));
            }
            return j.toString().equals(text);
        }
        return false;
    }

    /** Whether window {@code w} is the one starting at {@code start} (merging: one containing it). */
    private static boolean covers(Window w, long start, boolean merging) {
        if (!(w instanceof TimeWindow t)) {
            return false;
        }
        return merging ? t.getStart() <= start && start < t.getEnd() : t.getStart() == start;
    }

    /** The end of the window starting at {@code start}, as the assigner gives it for a time in it; else MIN_VALUE. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private long fixedEnd(long start) {
        try {
            for (Object w : ((WindowAssigner) operator.assigner).assignWindows(null, start, operator.assignerContext)) {
                if (w instanceof TimeWindow t && t.getStart() == start) {
                    return t.getEnd();
                }
            }
        } catch (RuntimeException e) {
            // an assigner that reads the element: the end is not fixed by the start alone
        }
        return Long.MIN_VALUE;
    }
}
