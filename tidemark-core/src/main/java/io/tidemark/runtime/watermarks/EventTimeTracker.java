package io.tidemark.runtime.watermarks;

import io.tidemark.api.common.eventtime.DisorderSketch;
import io.tidemark.api.common.metrics.TimestampJump;
import io.tidemark.time.Clock;
import java.util.Arrays;
import java.util.List;

/**
 * What one input's records say about its event time, for the tools that explain a watermark: the
 * largest timestamp seen, when records last came, since when the input is idle, and the few largest
 * forward moves of its largest timestamp, each with the record that made it (a watermark jump).
 *
 * <p>Design: written by the input's owner (a split source's thread, an operator's subtask) and read from
 * any thread. Per record: a count and one compare; the record's text only when its move is among the
 * {@value #KEPT_JUMPS} largest so far (of {@code n} records with random moves, about
 * {@code KEPT_JUMPS · ln n} times in all). The clock is read at the periodic check ({@link #check}, every
 * watermark interval), at a change of idleness, and when a jump is kept, never per record. Published
 * values are volatile fields and a copy-on-write array: readers see a recent value, never a torn one.
 * The disorder of the records ({@link #disorder}) costs a count per record in order, a sketch insertion
 * (a few ns) per record behind; it is copied for readers at a check after one asked.
 */
public final class EventTimeTracker {

    /** How many of the largest moves are kept. */
    public static final int KEPT_JUMPS = 4;

    private static final TimestampJump[] NONE = new TimestampJump[0];

    private final String input;
    private final Clock clock;
    private long maxTimestamp = Long.MIN_VALUE;
    private long events;
    private long eventsAtCheck;
    /** The smallest move that enters the kept ones (0 until {@link #KEPT_JUMPS} are kept). */
    private long enterAbove;
    private volatile long publishedMax = Long.MIN_VALUE;
    private volatile long lastActive = -1;
    private volatile long idleSince = -1;
    /** Idle time of the idle stretches that ended, ms. */
    private volatile long idleBefore;
    private volatile TimestampJump[] jumps = NONE;
    /** The disorder of the input's records: how far each was behind the largest timestamp before it (0s counted in {@link #inOrder}). */
    private final DisorderSketch disorder = new DisorderSketch();
    /** Records at or above the largest timestamp since the disorder was last published, recorded as 0 then. */
    private long inOrder;
    private volatile boolean disorderWanted;
    private volatile DisorderSketch publishedDisorder;

    public EventTimeTracker(String input, Clock clock) {
        this.input = input;
        this.clock = clock;
    }

    /** A record with {@code timestamp} came; {@code record} is read only if its move is kept. */
    public void onEvent(Object record, long timestamp) {
        events++;
        if (timestamp < maxTimestamp) {
            disorder.record(maxTimestamp - timestamp);
        } else {
            inOrder++;
        }
        if (timestamp > maxTimestamp) {
            long previous = maxTimestamp;
            maxTimestamp = timestamp;
            if (previous != Long.MIN_VALUE) {
                long advance = timestamp - previous;
                if (advance < 0 || advance > enterAbove) { // < 0: the difference overflowed
                    keep(record, timestamp, previous);
                }
            }
        }
    }

    private void keep(Object record, long timestamp, long previous) {
        String text = String.valueOf(record);
        if (text.length() > TimestampJump.MAX_RECORD_CHARS) {
            text = text.substring(0, TimestampJump.MAX_RECORD_CHARS);
        }
        TimestampJump j = new TimestampJump(input, timestamp, previous, clock.currentTimeMillis(), text);
        TimestampJump[] kept = Arrays.copyOf(jumps, Math.min(jumps.length + 1, KEPT_JUMPS));
        int at = Math.min(jumps.length, KEPT_JUMPS - 1);
        while (at > 0 && larger(j, kept[at - 1])) {
            kept[at] = kept[at - 1];
            at--;
        }
        kept[at] = j;
        jumps = kept;
        enterAbove = kept.length < KEPT_JUMPS ? 0 : move(kept[kept.length - 1]);
    }

    private static boolean larger(TimestampJump a, TimestampJump b) {
        return move(a) > move(b);
    }

    /** A jump's move, saturated at {@code Long.MAX_VALUE}. */
    private static long move(TimestampJump j) {
        long a = j.advance();
        return a < 0 ? Long.MAX_VALUE : a;
    }

    /** The periodic check: notes whether records came since the last one and publishes the largest timestamp. */
    public void check() {
        if (events != eventsAtCheck) {
            eventsAtCheck = events;
            lastActive = clock.currentTimeMillis();
            publishedMax = maxTimestamp;
        }
        if (disorderWanted) {
            disorder.record(0, inOrder);
            inOrder = 0;
            publishedDisorder = disorder.copy();
            disorderWanted = false;
        }
    }

    /**
     * The disorder of every record so far (ms behind the largest timestamp before it), as of a recent
     * check: asking makes the next check publish a copy (so only a reader pays for it, once per ask);
     * null until the first copy.
     */
    public DisorderSketch disorder() {
        disorderWanted = true;
        return publishedDisorder;
    }

    /** The input became idle (call on the change only). */
    public void idle() {
        idleSince = clock.currentTimeMillis();
    }

    /** The input became active again (call on the change only). */
    public void active() {
        long since = idleSince;
        if (since >= 0) {
            idleBefore = idleBefore + Math.max(0, clock.currentTimeMillis() - since);
        }
        idleSince = -1;
    }

    public String input() {
        return input;
    }

    /** The largest timestamp as of the last check; {@code Long.MIN_VALUE} if none. */
    public long maxTimestamp() {
        return publishedMax;
    }

    /** The time of the last check that found new records; -1 if none did. */
    public long lastActive() {
        return lastActive;
    }

    /** When the input went idle; -1 while active. */
    public long idleSince() {
        return idleSince;
    }

    /** Idle time of the stretches that ended, ms (add the current one, from {@link #idleSince}, for the total). */
    public long idleBefore() {
        return idleBefore;
    }

    /** The largest moves of the largest timestamp, largest first. */
    public List<TimestampJump> largestJumps() {
        return List.of(jumps);
    }
}
