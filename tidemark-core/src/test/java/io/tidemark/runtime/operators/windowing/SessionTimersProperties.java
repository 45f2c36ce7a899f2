package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link SessionTimers} fires exactly what a plain model fires — every registered, not deleted timer
 * at or before the watermark, by time and then registration order, each once — across thousands of
 * moves (with a small compaction slack, so compaction of cancelled timers runs many times), re-registrations at an existing
 * time (de-duplicated), and sessions with two timers.
 */
class SessionTimersProperties {

    /** The model: a list of (time, registration number, session) with deletions. */
    record Registered(long time, long seq, Session session) {}

    @Property(tries = 40)
    void firesWhatTheModelFires(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int numSessions,
            @ForAll @IntRange(min = 1, max = 5000) int spread, @ForAll @IntRange(min = 0, max = 64) int slack) {
        Random r = new Random(seed);
        SessionTimers timers = new SessionTimers(slack); // a small slack: compaction runs often
        List<Registered> model = new ArrayList<>();
        Session[] sessions = new Session[numSessions];
        for (int i = 0; i < numSessions; i++) {
            sessions[i] = new Session((long) i, 0, 1);
        }
        long seq = 0;
        long watermark = 0;
        for (int step = 0; step < 6000; step++) {
            Session s = sessions[r.nextInt(numSessions)];
            int op = r.nextInt(10);
            if (op < 6) { // move: delete all, register one or two
                timers.deleteAll(s);
                model.removeIf(x -> x.session() == s);
                long t = watermark + 1 + r.nextInt(spread);
                timers.register(s, t);
                model.add(new Registered(t, seq++, s));
                if (r.nextBoolean()) {
                    long c = t + r.nextInt(3) * 100;
                    boolean dup = c == t;
                    timers.register(s, c);
                    if (!dup) {
                        model.add(new Registered(c, seq++, s));
                    }
                }
            } else if (op < 9) { // register again at a time it already has: nothing changes
                model.stream().filter(x -> x.session() == s).findFirst().ifPresent(x -> timers.register(s, x.time()));
            } else { // the watermark advances: fire
                watermark += r.nextInt(spread / 4 + 1);
                List<Registered> due = new ArrayList<>();
                for (Registered x : model) {
                    if (x.time() <= watermark) {
                        due.add(x);
                    }
                }
                due.sort((a, b) -> a.time() != b.time() ? Long.compare(a.time(), b.time()) : Long.compare(a.seq(), b.seq()));
                model.removeAll(due);
                for (Registered x : due) {
                    SessionTimers.Timer t = timers.pollUpTo(watermark);
                    assertThat(t).as("timer %s", x).isNotNull();
                    assertThat(t.time).isEqualTo(x.time());
                    assertThat(t.session).isSameAs(x.session());
                }
                assertThat(timers.pollUpTo(watermark)).isNull();
            }
            assertThat(timers.liveTimers()).isEqualTo(model.size());
        }
    }
}
