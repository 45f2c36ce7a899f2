package io.tidemark.cli.profile;

import io.tidemark.runtime.operators.windowing.WindowRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Event-time session windows as {@link WindowModel}, Flink's rules: a record opens {@code [t, t + gap)};
 * live sessions of its key that overlap or touch it merge with it (a record merging into a live session
 * is never late); a new session already late at the watermark makes the record late. A session fires
 * when the watermark reaches its end − 1 (at once when it is behind it), and is cleaned up at end − 1 +
 * allowed lateness. Timers are kept lazily: a timer whose session merged away or moved is skipped.
 */
final class SessionWindows implements WindowModel {

    private static final long NONE = Long.MIN_VALUE;

    private static final class Session {
        long start;
        long end;
        boolean onTime;
        boolean alive = true;
        long fireAt = NONE;
        long cleanAt = NONE;

        Session(long start, long end) {
            this.start = start;
            this.end = end;
        }
    }

    private record Timer(long time, Session session, int key) {}

    private final WindowRules<Object> rules;
    private final long gap;
    private final Map<Integer, List<Session>> byKey = new HashMap<>();
    private final PriorityQueue<Timer> timers = new PriorityQueue<>((a, b) -> Long.compare(a.time, b.time));
    private final Tally tally = new Tally();

    SessionWindows(WindowRules<Object> rules, long gap) {
        this.rules = rules;
        this.gap = gap;
    }

    @Override
    public void record(int key, long timestamp, long watermark, long now) {
        tally.records++;
        long start = timestamp;
        long end = timestamp + gap;
        List<Session> sessions = byKey.get(key);
        Session target = null;
        if (sessions != null) {
            for (int i = 0; i < sessions.size(); i++) {
                Session s = sessions.get(i);
                if (s.start <= end && s.end >= start) { // TimeWindow.intersects: overlapping or touching
                    if (target == null) {
                        target = s;
                        target.start = Math.min(target.start, start);
                        target.end = Math.max(target.end, end);
                    } else {
                        target.start = Math.min(target.start, s.start);
                        target.end = Math.max(target.end, s.end);
                        target.onTime |= s.onTime;
                        s.alive = false;
                        sessions.remove(i--);
                        tally.open--;
                    }
                }
            }
        }
        if (target == null) {
            if (rules.isWindowLate(end - 1, watermark)) {
                tally.late++;
                return;
            }
            target = new Session(start, end);
            if (sessions == null) {
                sessions = new ArrayList<>(2);
                byKey.put(key, sessions);
            }
            sessions.add(target);
            tally.opened(1);
        }
        long maxTimestamp = target.end - 1;
        if (maxTimestamp <= watermark) {
            fire(target, now, false);
            target.fireAt = NONE;
        } else {
            target.fireAt = maxTimestamp;
            timers.add(new Timer(maxTimestamp, target, key));
        }
        long cleanup = rules.cleanupTime(maxTimestamp);
        target.cleanAt = cleanup == Long.MAX_VALUE ? NONE : cleanup;
        if (cleanup != Long.MAX_VALUE && cleanup != target.fireAt) {
            timers.add(new Timer(cleanup, target, key));
        }
    }

    private void fire(Session s, long now, boolean atEnd) {
        if (s.onTime) {
            tally.reFirings++;
        } else {
            s.onTime = true;
            tally.firstFirings(1, s.end, now, atEnd);
        }
    }

    @Override
    public void watermark(long watermark, long now) {
        Timer t;
        while ((t = timers.peek()) != null && t.time <= watermark) {
            timers.poll();
            Session s = t.session;
            if (!s.alive) {
                continue;
            }
            if (t.time == s.fireAt) {
                s.fireAt = NONE;
                fire(s, now, watermark == Long.MAX_VALUE);
            }
            if (t.time == s.cleanAt) {
                remove(t.key, s);
            }
        }
    }

    private void remove(int key, Session s) {
        s.alive = false;
        List<Session> sessions = byKey.get(key);
        sessions.remove(s);
        if (sessions.isEmpty()) {
            byKey.remove(key);
        }
        tally.open--;
    }

    @Override
    public Tally tally() {
        return tally;
    }
}
