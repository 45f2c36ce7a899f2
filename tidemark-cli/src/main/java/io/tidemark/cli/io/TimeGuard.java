package io.tidemark.cli.io;

import io.tidemark.cli.io.LineInterpreter.Candidate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Keeps absurd future event times out of the job — one record a year ahead would push the watermark a
 * year ahead and make everything after it late — without ever locking the job out after a quiet
 * stretch. With {@code M = event-time.max-future} and {@code Q = event-time.confirmations}:
 *
 * <ul>
 *   <li><b>Replay</b> ({@code source.arrival-time-field}): a record is {@code too-far-ahead} when its event
 *       time is more than {@code M} after its own arrival time. Decided at once, record by record.
 *   <li><b>Live</b> (a socket): a record more than {@code M} ahead of the wall clock is {@code too-far-ahead}
 *       at once; one within {@code M} of the wall clock either way is accepted at once. Older ones (historical
 *       data sent over a socket) follow the next rule.
 *   <li><b>Otherwise</b>, the data's own time: the <i>reference</i> is the largest event time accepted so far.
 *       A record at most {@code M} ahead of it is accepted at once. A record further ahead — or any record
 *       before there is a reference — is held. Each record read after a held one <i>supports</i> it when
 *       it is no more than {@code M} behind it (the data followed the jump), else <i>contradicts</i> it. A
 *       held record is accepted when {@code Q − 1} records support it (it and they confirm the jump), or
 *       when the reference catches up with it; it is {@code too-far-ahead} when {@code Q} records contradict
 *       it first. At the end of the input a held record is accepted if it has at least as many supporters
 *       as contradictions.
 * </ul>
 *
 * <p>So a gap in the data costs a delay of {@code Q − 1} records, never a lock-out; an outlier among the
 * first records is caught like any other; records held are emitted in the order they were read, after
 * the records accepted meanwhile. At most {@code 2Q − 1} records are held at once (each is decided by the
 * {@code 2Q − 2} records after it). Deterministic (bar the wall clock of live data): the same input gives
 * the same decisions on every engine.
 */
public final class TimeGuard {

    /** Where decisions go, in the order they are made. */
    public interface Decisions {
        void accept(Candidate c);

        void reject(Candidate c, String detail);
    }

    private static final class Held {
        final Candidate c;
        final long t;
        int supporters;
        int contradictions;
        long highestContradiction = Long.MIN_VALUE;

        Held(Candidate c) {
            this.c = c;
            this.t = c.event().timestamp();
        }
    }

    private final long maxFuture;
    private final int confirmations;
    private final boolean replay;
    private final LongSupplier wallClock;
    private final List<Held> held = new ArrayList<>();
    private long reference = Long.MIN_VALUE;

    /**
     * @param replay whether records carry their arrival time (replay mode)
     * @param wallClock the wall clock for live data, else null
     */
    public TimeGuard(long maxFutureMillis, int confirmations, boolean replay, LongSupplier wallClock) {
        this.maxFuture = maxFutureMillis;
        this.confirmations = confirmations;
        this.replay = replay;
        this.wallClock = wallClock;
    }

    /** Decides about {@code c} now, or holds it; decisions about held records may follow. */
    public void offer(Candidate c, Decisions out) {
        long t = c.event().timestamp();
        if (replay) {
            long arrival = c.arrival();
            if (t - arrival > maxFuture) {
                out.reject(c, "event time " + show(t) + " is " + (t - arrival) + " ms after its arrival time " + show(arrival)
                        + "; event-time.max-future is " + maxFuture + " ms");
            } else {
                accept(c, out);
            }
            return;
        }
        boolean vouched = false;
        if (wallClock != null) {
            long now = wallClock.getAsLong();
            if (t - now > maxFuture) {
                out.reject(c, "event time " + show(t) + " is " + (t - now) + " ms ahead of the wall clock " + show(now)
                        + "; event-time.max-future is " + maxFuture + " ms");
                return;
            }
            vouched = t >= now - maxFuture;
        }
        for (int i = 0, n = held.size(); i < n; i++) { // indexed: no iterator per record
            Held h = held.get(i);
            if (t >= h.t - maxFuture) {
                h.supporters++;
            } else {
                h.contradictions++;
                h.highestContradiction = Math.max(h.highestContradiction, t);
            }
        }
        if (vouched || reference != Long.MIN_VALUE && t - reference <= maxFuture) {
            accept(c, out);
        } else {
            held.add(new Held(c));
        }
        decide(out);
    }

    /** The end of the input: every held record is decided. */
    public void end(Decisions out) {
        for (Held h : held) {
            if (h.supporters >= h.contradictions) {
                reference = Math.max(reference, h.t);
                out.accept(h.c);
            } else {
                out.reject(h.c, "event time " + show(h.t) + " jumped ahead of the data (which had reached "
                        + show(h.highestContradiction) + ") and the input ended before " + confirmations
                        + " records confirmed the jump (event-time.confirmations; event-time.max-future is " + maxFuture + " ms)");
            }
        }
        held.clear();
    }

    /**
     * What the guard has decided so far and holds (the reference, the held records with their support),
     * for a checkpoint: a guard {@link #restore restored} from it decides the rest of the input exactly as
     * this one would. At most {@code 2Q − 1} held records.
     */
    public State state() {
        List<HeldState> h = new ArrayList<>(held.size());
        for (Held x : held) {
            h.add(new HeldState(x.c, x.supporters, x.contradictions, x.highestContradiction));
        }
        return new State(reference, h);
    }

    /** Continues from {@code s} (taken by {@link #state} of a guard with the same settings). */
    public void restore(State s) {
        reference = s.reference();
        held.clear();
        for (HeldState x : s.held()) {
            Held h = new Held(x.candidate());
            h.supporters = x.supporters();
            h.contradictions = x.contradictions();
            h.highestContradiction = x.highestContradiction();
            held.add(h);
        }
    }

    /** The guard's state: its reference ({@code Long.MIN_VALUE}: none yet) and held records in reading order. */
    public record State(long reference, List<HeldState> held) implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        public State {
            held = List.copyOf(held);
        }
    }

    /** A held record and what the records after it said so far. */
    public record HeldState(Candidate candidate, int supporters, int contradictions, long highestContradiction)
            implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** Records held, waiting for confirmation. */
    public int held() {
        return held.size();
    }

    private void accept(Candidate c, Decisions out) {
        reference = Math.max(reference, c.event().timestamp());
        out.accept(c);
    }

    private void decide(Decisions out) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Iterator<Held> it = held.iterator(); it.hasNext(); ) {
                Held h = it.next();
                if (h.supporters + 1 >= confirmations
                        || reference != Long.MIN_VALUE && h.t - reference <= maxFuture) {
                    it.remove();
                    accept(h.c, out);
                    changed = true;
                } else if (h.contradictions >= confirmations) {
                    it.remove();
                    out.reject(h.c, "event time " + show(h.t) + " is more than " + maxFuture + " ms (event-time.max-future) ahead of "
                            + "the " + confirmations + " records read after it (the data had reached "
                            + show(Math.max(reference, h.highestContradiction)) + "); event-time.confirmations is " + confirmations);
                    changed = true;
                }
            }
        }
    }

    private static String show(long t) {
        return t + " (" + Instant.ofEpochMilli(t) + ")";
    }
}
