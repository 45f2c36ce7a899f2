package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import java.util.List;

/**
 * The window operator for event-time session windows with a fixed gap (the built-in
 * {@link EventTimeSessionWindows}) and the built-in {@link EventTimeTrigger}.
 *
 * <p>Design: each key's live sessions form a list in start order ({@link SessionsByKey}). An element at
 * {@code t} finds the run of sessions its window {@code [t, t + gap)} touches and merges them in place
 * into the first (contents combined in start order, the highest firing history kept), with no
 * per-element window objects, lists or merge maps. The timers the {@link GeneralWindowOperator} would
 * register for these windows — the trigger's at each session's max timestamp ({@code EventTimeTrigger}
 * registers it on every element and on a merge while the watermark is before it, and deletes it on
 * clear), the cleanup timer at max timestamp + allowed lateness, the merged windows' deletions — are
 * kept in {@link SessionTimers} with the same order (time, then registration) and de-duplication, so
 * results, their order, firing descriptors, late records and metrics are the general operator's. An
 * element that merges into a live session is not late; one that would open a session already past
 * its cleanup time is.
 *
 * <p>State: {@link SessionsByKey} (sessions with their contents and firing history) and
 * {@link SessionTimers}. Bounds: per element, one key lookup, a scan of the key's few live sessions,
 * O(log timers) per timer registration; per watermark, O(log timers) per due timer.
 */
final class SessionWindowOperator<IN, ACC, OUT> extends WindowOperator<IN, ACC, OUT> {

    private final long gap;
    private final SessionsByKey sessions = new SessionsByKey();
    private final SessionTimers timers = new SessionTimers();
    private final EmptyAccumulators<IN, ACC> emptyAccumulators;

    SessionWindowOperator(EventTimeSessionWindows assigner, WindowAccumulation<IN, ACC> accumulation,
            InternalWindowFunction function, WindowRules<IN> rules) {
        super(assigner, accumulation, function, rules);
        this.gap = assigner.getGap();
        this.emptyAccumulators = new EmptyAccumulators<>(accumulation);
    }

    @Override
    boolean merging() {
        return true;
    }

    @Override
    public int numLiveWindows() {
        return sessions.size();
    }

    /**
     * Every session (key by key, in start order): key, bounds, firing history, contents; then the live
     * timers in firing order, each as (session number, time). Restored timers are registered in that
     * order, so they fire in the same order as the original ones would.
     */
    @Override
    protected void snapshotWindows(StateOutput out) throws Exception {
        java.util.IdentityHashMap<Session, Integer> numbers = new java.util.IdentityHashMap<>();
        java.util.List<Session> all = sessions.all();
        out.writeInt(all.size());
        for (Session s : all) {
            numbers.put(s, numbers.size());
            out.writeValue(s.key);
            out.writeLong(s.start);
            out.writeLong(s.end);
            out.writeInt(s.history);
            out.writeValue(s.acc);
        }
        SessionTimers.Timer[] live = timers.liveInOrder();
        out.writeInt(live.length);
        for (SessionTimers.Timer t : live) {
            out.writeInt(numbers.get(t.session));
            out.writeLong(t.time);
        }
    }

    @Override
    protected void restoreWindows(StateInput in, java.util.function.Predicate<Object> keys, boolean first) throws Exception {
        int n = in.readInt();
        Session[] byNumber = new Session[n];
        for (int i = 0; i < n; i++) {
            Object key = in.readValue();
            Session s = new Session(key, in.readLong(), in.readLong());
            s.history = in.readInt();
            s.acc = in.readValue();
            if (keys.test(key)) {
                sessions.add(s, sessions.first(key));
                byNumber[i] = s;
            }
        }
        int t = in.readInt();
        for (int i = 0; i < t; i++) {
            Session session = byNumber[in.readInt()];
            long time = in.readLong();
            if (session != null) {
                timers.register(session, time);
            }
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    long stateSize() {
        long[] n = {0};
        sessions.forEachFirst(first -> {
            for (Session s = first; s != null; s = s.next) {
                n[0] += accumulation.objects((ACC) s.acc);
            }
        });
        return n[0];
    }

    @Override
    void describeKey(String keyText, List<WindowQuery.OpenWindow> out) {
        sessions.forEachFirst(first -> {
            if (WindowOperatorQuery.matches(first.key, keyText)) {
                for (Session s = first; s != null; s = s.next) {
                    out.add(new WindowQuery.OpenWindow(s.start, s.end, WindowRules.firings(s.history)));
                }
            }
        });
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processElement(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        long timestamp = record.getTimestamp();
        if (timestamp == Long.MIN_VALUE) {
            assignerRejects(record);
        }
        Object key;
        Session first;
        if (longKeys()) {
            // the key object of the key's sessions, if it has any: a Long is boxed for a new key only
            first = sessions.firstLong(currentLongKey);
            key = first == null ? Long.valueOf(currentLongKey) : first.key;
            keyedState.setCurrentKey(key);
        } else {
            key = keyedState.getCurrentKey();
            first = sessions.first(key);
        }
        long start = timestamp;
        long end = timestamp + gap;
        long watermark = currentWatermark;
        Session from = null;
        Session to = null;
        for (Session s = first; s != null; s = s.next) {
            if (s.intersects(start, end)) {
                if (from == null) {
                    from = s;
                }
                to = s;
            }
        }
        Session target;
        if (from == null) {
            if (rules.isWindowLate(end - 1, watermark)) {
                notAdded(record, true, watermark); // a new session, already late
                return;
            }
            target = new Session(key, start, end);
            target.acc = emptyAccumulators.first(value);
            sessions.add(target, first);
        } else {
            target = from;
            long mergedStart = Math.min(start, from.start);
            long mergedEnd = Math.max(end, to.end);
            if (from != to || mergedStart != from.start || mergedEnd != from.end) {
                merge(from, to, mergedStart, mergedEnd, watermark);
            }
            target.acc = accumulation.add((ACC) target.acc, value);
        }
        long maxTimestamp = target.maxTimestamp();
        boolean behindWatermark = maxTimestamp <= watermark;
        if (behindWatermark) {
            fire(target, false); // EventTimeTrigger: FIRE
        } else {
            timers.register(target, maxTimestamp);
        }
        long cleanup = rules.cleanupTime(maxTimestamp);
        if (cleanup != Long.MAX_VALUE) {
            timers.register(target, cleanup);
        }
        if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
        }
    }

    /**
     * Merges the sessions {@code from} .. {@code to} into {@code from}, a new window
     * {@code [start, end)}: their contents combine in start order, their timers and window state go,
     * and the trigger registers the new window's timer ({@code EventTimeTrigger.onMerge}).
     */
    @SuppressWarnings("unchecked")
    private void merge(Session from, Session to, long start, long end, long watermark) throws Exception {
        boolean windowState = keyedState.hasState();
        for (Session m = from; ; m = m.next) {
            timers.deleteAll(m);
            if (windowState) {
                keyedState.clearNamespace(m.window());
            }
            if (m != from) {
                from.acc = accumulation.merge((ACC) from.acc, (ACC) m.acc);
                from.history = WindowRules.merged(from.history, m.history);
            }
            if (m == to) {
                break;
            }
        }
        from.setBounds(start, end);
        sessions.removeMerged(from, to);
        if (from.maxTimestamp() > watermark) {
            timers.register(from, from.maxTimestamp());
        }
    }

    /** The sessions' timers up to {@code watermark}, in order: fire at the max timestamp, clean at cleanup time. */
    @Override
    protected void onWatermark(long watermark) throws Exception {
        SessionTimers.Timer timer;
        while ((timer = timers.pollUpTo(watermark)) != null) {
            Session s = timer.session;
            keyedState.setCurrentKey(s.key);
            long maxTimestamp = s.maxTimestamp();
            boolean cleanup = timer.time == rules.cleanupTime(maxTimestamp);
            if (timer.time == maxTimestamp) {
                fire(s, cleanup);
            }
            if (cleanup) {
                sessions.remove(s);
                timers.deleteAll(s); // EventTimeTrigger.clear
                emitter.clear(s.window());
            }
        }
    }

    /** The session's next firing; {@code last} when it is cleaned up right after. */
    @SuppressWarnings("unchecked")
    private void fire(Session s, boolean last) throws Exception {
        Firing.Timing timing = WindowRules.timing(s.history, currentWatermark, s.maxTimestamp());
        s.history = WindowRules.fired(s.history, timing);
        s.acc = fire(s.key, s.window(), (ACC) s.acc, timing, WindowRules.firings(s.history), !last);
    }
}
