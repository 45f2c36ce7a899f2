package io.tidemark.cli.profile;

import io.tidemark.api.common.eventtime.DisorderProfile;
import io.tidemark.api.common.eventtime.DisorderSketch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code tidemark profile} measures on what the source emits, in one pass and bounded memory (a
 * few sketches per split and per time-of-day bucket, nothing per record):
 * <ul>
 *   <li>per split, a {@link DisorderProfile}: disorder against the split's own highest event time (what
 *       its watermark generator covers) and delay (arrival − event time) where arrival times are known;
 *   <li>per time-of-day bucket (UTC), the disorder and the delay, so that peak and valley show;
 *   <li>per split, the longest stretches of processing time without a record (idle gaps) and the
 *       distribution of the gaps between its records;
 *   <li>the largest forward jumps of the highest event time (an accepted outlier moves the watermark
 *       this much at once), and in replay the largest event time after arrival (for {@code max-future}).
 * </ul>
 */
final class Measurements implements Emissions {

    /** Kept per split: its longest gaps. */
    static final int KEPT_GAPS = 3;
    static final int KEPT_JUMPS = 5;
    static final long DAY = 86_400_000L;

    /** A stretch of processing time from {@code from} without a record of a split. */
    record Gap(long from, long length) {}

    /** The highest event time moved by {@code jump} at once, to {@code to}, at processing time {@code clock}. */
    record Jump(String split, long to, long jump, long clock) {}

    static final class Split {
        final String name;
        final DisorderProfile profile = new DisorderProfile();
        final DisorderSketch gaps = new DisorderSketch();
        final List<Gap> longest = new ArrayList<>();
        long lastClock = Long.MIN_VALUE;

        Split(String name) {
            this.name = name;
        }

        void gap(long from, long length) {
            gaps.record(length);
            if (longest.size() < KEPT_GAPS || length > longest.get(longest.size() - 1).length()) {
                longest.add(new Gap(from, length));
                longest.sort((a, b) -> Long.compare(b.length(), a.length()));
                if (longest.size() > KEPT_GAPS) {
                    longest.remove(KEPT_GAPS);
                }
            }
        }
    }

    /** One time-of-day bucket. */
    static final class Bucket {
        final DisorderSketch disorder = new DisorderSketch();
        final DisorderSketch delay = new DisorderSketch();
    }

    private final long bucketMillis;
    private final Bucket[] buckets;
    private final Map<String, Split> splits = new LinkedHashMap<>();
    private final List<Jump> jumps = new ArrayList<>();
    private Split last;
    private long highest = Long.MIN_VALUE;
    private long lowest = Long.MAX_VALUE;
    private long maxAhead = Long.MIN_VALUE;
    private long firstClock = Long.MIN_VALUE;
    private long endClock = Long.MIN_VALUE;
    private boolean arrivals;

    /** @param bucketMillis the time-of-day bucket (1 h: by hour of day); a day is cut into whole buckets */
    Measurements(long bucketMillis) {
        this.bucketMillis = bucketMillis;
        this.buckets = new Bucket[(int) ((DAY + bucketMillis - 1) / bucketMillis)];
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = new Bucket();
        }
    }

    @Override
    public void record(String split, long timestamp, int key, long clock, long arrival) {
        Split s = last != null && last.name == split ? last : splits.computeIfAbsent(split, Split::new);
        last = s;
        long d = arrival == Long.MIN_VALUE ? s.profile.observe(timestamp) : s.profile.observe(timestamp, arrival);
        Bucket b = buckets[(int) (Math.floorMod(timestamp, DAY) / bucketMillis)];
        b.disorder.record(d);
        if (arrival != Long.MIN_VALUE) {
            arrivals = true;
            b.delay.record(arrival - timestamp);
            maxAhead = Math.max(maxAhead, timestamp - arrival);
        }
        if (s.lastClock != Long.MIN_VALUE && clock > s.lastClock) {
            s.gap(s.lastClock, clock - s.lastClock);
        }
        s.lastClock = Math.max(s.lastClock, clock);
        if (firstClock == Long.MIN_VALUE) {
            firstClock = clock;
        }
        if (highest != Long.MIN_VALUE && timestamp > highest) {
            jump(new Jump(split, timestamp, timestamp - highest, clock));
        }
        highest = Math.max(highest, timestamp);
        lowest = Math.min(lowest, timestamp);
    }

    private void jump(Jump j) {
        if (jumps.size() < KEPT_JUMPS || j.jump() > jumps.get(jumps.size() - 1).jump()) {
            jumps.add(j);
            jumps.sort((a, b) -> Long.compare(b.jump(), a.jump()));
            if (jumps.size() > KEPT_JUMPS) {
                jumps.remove(KEPT_JUMPS);
            }
        }
    }

    @Override
    public void end(long clock) {
        endClock = clock;
        for (Split s : splits.values()) {
            if (s.lastClock != Long.MIN_VALUE && clock > s.lastClock) {
                s.gap(s.lastClock, clock - s.lastClock); // silent until the end
            }
        }
    }

    /** Every split's disorder and delay together. */
    DisorderProfile overall() {
        DisorderProfile all = new DisorderProfile();
        for (Split s : splits.values()) {
            all.add(s.profile);
        }
        return all;
    }

    /** Every split's gaps between records together. */
    DisorderSketch gaps() {
        DisorderSketch all = new DisorderSketch();
        for (Split s : splits.values()) {
            all.add(s.gaps);
        }
        return all;
    }

    Map<String, Split> splits() {
        return splits;
    }

    Bucket[] buckets() {
        return buckets;
    }

    long bucketMillis() {
        return bucketMillis;
    }

    List<Jump> jumps() {
        return jumps;
    }

    boolean arrivals() {
        return arrivals;
    }

    /** The largest event time − arrival time (replay), or {@code Long.MIN_VALUE}. */
    long maxAhead() {
        return maxAhead;
    }

    long lowest() {
        return lowest;
    }

    long highest() {
        return highest;
    }

    /** Processing time from the first record to the end of the input. */
    long clockSpan() {
        return firstClock == Long.MIN_VALUE ? 0 : endClock - firstClock;
    }
}
