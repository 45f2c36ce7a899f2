package io.tidemark.cli.gen;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Order data with disorder, for trying a job before going live (seed 000 §6.2): events happen at an
 * even rate, each with a random user, amount and delay; lines come out in arrival order, so the file
 * is out of order in event time and replays deterministically (the same options and seed give the
 * same bytes).
 *
 * <p>Fields: {@code orderId, userId, amount, eventTime} (epoch ms), {@code arrival} (epoch ms) and
 * {@code partition} ({@code p0}, {@code p1}, …: a user always lands on the same partition, as with a
 * keyed Kafka topic). Options add very late events, idle stretches of chosen partitions (no events in
 * that stretch of event time), and bad lines: malformed text, event times in seconds instead of
 * milliseconds, and event times a year in the future.
 */
public final class OrderGenerator implements Iterator<String> {

    public static final String CSV_HEADER = "orderId,userId,amount,eventTime,arrival,partition";
    private static final long YEAR = 365L * 24 * 3600 * 1000;

    private record Pending(long arrival, long seq, String line) implements Comparable<Pending> {
        @Override
        public int compareTo(Pending o) {
            int c = Long.compare(arrival, o.arrival);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final GeneratorOptions o;
    private final SplittableRandom rnd;
    private final PriorityQueue<Pending> queue = new PriorityQueue<>();
    private final long total;
    private final int keyWidth;
    private long next;
    private boolean headerDone;

    // what was written
    private long lines;
    private long idleSkipped;
    private long veryLate;
    private long malformed;
    private long unitErrors;
    private long futureErrors;

    public OrderGenerator(GeneratorOptions options) {
        this.o = options;
        this.rnd = new SplittableRandom(options.seed);
        this.total = options.events();
        this.keyWidth = Integer.toString(options.keys).length();
        this.headerDone = !options.csv;
    }

    private long eventTime(long i) {
        return o.start + (long) Math.floor(i * 1000.0 / o.rate);
    }

    private void generateOne() {
        long i = next++;
        long ts = eventTime(i);
        int key = rnd.nextInt(o.keys);
        int cents = 1 + rnd.nextInt(19_999);
        long delay = o.delay.sample(rnd);
        boolean late = rnd.nextDouble() < o.veryLateFraction;
        double err = rnd.nextDouble();
        int split = key % o.splits;
        for (GeneratorOptions.IdleStretch s : o.idle) {
            if (GeneratorOptions.splitIndex(s.split()) == split && ts >= o.start + s.fromMillis()
                    && ts < o.start + s.fromMillis() + s.forMillis()) {
                idleSkipped++;
                return;
            }
        }
        if (late) {
            delay += o.veryLateDelay.toMillis();
            veryLate++;
        }
        long arrival = ts + delay;
        long writtenTime = ts;
        boolean cut = false;
        if (err < o.malformed) {
            cut = true;
            malformed++;
        } else if (err < o.malformed + o.unitErrors) {
            writtenTime = ts / 1000;
            unitErrors++;
        } else if (err < o.malformed + o.unitErrors + o.futureErrors) {
            writtenTime = ts + YEAR;
            futureErrors++;
        }
        String user = "u" + pad(key + 1);
        String amount = (cents / 100) + "." + (cents % 100 < 10 ? "0" : "") + (cents % 100);
        String line;
        if (o.csv) {
            line = "o" + (i + 1) + "," + user + "," + amount + "," + writtenTime + "," + arrival + ",p" + split;
            if (cut) {
                line = line.substring(0, line.lastIndexOf(',', line.lastIndexOf(',') - 1));
            }
        } else {
            line = "{\"orderId\":\"o" + (i + 1) + "\",\"userId\":\"" + user + "\",\"amount\":" + amount + ",\"eventTime\":"
                    + writtenTime + ",\"arrival\":" + arrival + ",\"partition\":\"p" + split + "\"}";
            if (cut) {
                line = line.substring(0, line.length() / 2);
            }
        }
        queue.add(new Pending(arrival, i, line));
    }

    private String pad(int n) {
        String s = Integer.toString(n);
        return "0".repeat(keyWidth - s.length()) + s;
    }

    private void fill() {
        // every event not yet drawn arrives at or after its own event time, so what is queued
        // with an arrival before the next event time can go out
        while (next < total && (queue.isEmpty() || queue.peek().arrival() >= eventTime(next))) {
            generateOne();
        }
    }

    @Override
    public boolean hasNext() {
        if (!headerDone) {
            return true;
        }
        fill();
        return !queue.isEmpty();
    }

    @Override
    public String next() {
        if (!headerDone) {
            headerDone = true;
            return CSV_HEADER;
        }
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        lines++;
        return queue.poll().line();
    }

    /** A one-line account of what was written so far. */
    public String describe() {
        return lines + " records (" + idleSkipped + " events left out by idle stretches; " + veryLate + " very late, "
                + malformed + " malformed, " + unitErrors + " in seconds instead of ms, " + futureErrors
                + " a year in the future)";
    }

    public long lines() {
        return lines;
    }

    public long malformed() {
        return malformed;
    }

    public long unitErrors() {
        return unitErrors;
    }

    public long futureErrors() {
        return futureErrors;
    }

    public long veryLate() {
        return veryLate;
    }
}
