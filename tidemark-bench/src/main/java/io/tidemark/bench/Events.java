package io.tidemark.bench;

import java.util.SplittableRandom;

/**
 * Pre-generated events held in memory, shared by every engine of a run. Generation is done once,
 * before any timing starts: the columns, which the hand-written loops read, and (by default, see
 * {@link #withRecords}) one {@link Event} object per row, which the frameworks' sources hand on, so
 * that no engine pays for making its input inside the timed run.
 */
public final class Events {

    public static final int PERSON = 1;
    public static final int AUCTION = 2;
    public static final int BID = 3;

    /** Event time of the first event (a realistic epoch-millisecond value). */
    public static final long BASE_TIME = 1_700_000_000_000L;

    /** Bounded disorder: every event is displaced back by less than this (late events aside). */
    public static final long DISORDER_MS = 2_000;

    public final int n;
    public final int[] key;
    public final long[] ts;
    public final int[] value;
    /** Bidder of a Nexmark bid; null for the keyed workloads. */
    public final int[] key2;
    /** Kind of a Nexmark event; null for the keyed workloads (every event is plain). */
    public final byte[] kind;
    /** Number of distinct keys (an upper bound on key numbers + 1), for the dense loops. */
    public final int keySpace;
    public final String description;
    /** Row {@code i} as a framework record, made before timing; null when the sources make them (see {@link #event}). */
    private Event[] records;

    private Events(int n, int keySpace, boolean nexmark, String description) {
        this.n = n;
        this.key = new int[n];
        this.ts = new long[n];
        this.value = new int[n];
        this.key2 = nexmark ? new int[n] : null;
        this.kind = nexmark ? new byte[n] : null;
        this.keySpace = keySpace;
        this.description = description;
    }

    private Events(Events of, int n) {
        this.n = n;
        this.key = of.key;
        this.ts = of.ts;
        this.value = of.value;
        this.key2 = of.key2;
        this.kind = of.kind;
        this.keySpace = of.keySpace;
        this.description = of.description + " (first " + n + ")";
        this.records = of.records;
    }

    /** The first {@code m} rows (for warm-up runs), sharing the columns. */
    public Events prefix(int m) {
        return m >= n ? this : new Events(this, m);
    }

    /**
     * Makes every row's framework record now (8 B of reference plus a 48 B {@link Event} per row), so
     * that the frameworks' sources only hand them on; returns this.
     */
    public Events withRecords() {
        if (records == null) {
            Event[] r = new Event[n];
            for (int i = 0; i < n; i++) {
                r[i] = newEvent(i);
            }
            records = r;
        }
        return this;
    }

    /** Whether the framework records were made before timing ({@link #withRecords}). */
    public boolean hasRecords() {
        return records != null;
    }

    /** Row {@code i} as a framework record: the one made before timing, else a new one. */
    public Event event(int i) {
        Event[] r = records;
        return r != null ? r[i] : newEvent(i);
    }

    private Event newEvent(int i) {
        return kind == null
                ? new Event(key[i], ts[i], value[i], 0, 0)
                : new Event(key[i], ts[i], value[i], key2[i], kind[i]);
    }

    /**
     * The keyed workloads (W1–W4): {@code keys} uniform keys; event time advances 1 ms per 100 events;
     * each event is displaced back by a uniform {@code [0, 2 s)}; a fraction {@code late} of the
     * events is displaced back a further uniform {@code [2 s, 10 s)} (late data for W4).
     */
    public static Events keyed(int n, int keys, double late, long seed) {
        Events e = new Events(n, keys, false, String.format(java.util.Locale.ROOT,
                "%,d events, %,d keys, 1 ms per 100 events, disorder < 2 s%s", n, keys,
                late > 0 ? String.format(java.util.Locale.ROOT, ", %.0f%% late by 2–10 s more", late * 100) : ""));
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            e.key[i] = r.nextInt(keys);
            long t = BASE_TIME + i / 100 - r.nextInt((int) DISORDER_MS);
            if (late > 0 && r.nextDouble() < late) {
                t -= 2_000 + r.nextInt(8_000);
            }
            e.ts[i] = t;
            e.value[i] = r.nextInt(1_000);
        }
        return e;
    }

    /**
     * A Nexmark-like stream: of every 50 events 1 is a new person, 3 are new auctions and 46 are bids.
     * Bids go half of the time to the current hot auction (the newest auction id rounded down to a
     * multiple of 100), otherwise to one of the newest 1,000 auctions; the bidder is three times out
     * of four a hot bidder (the newest person id rounded down to a multiple of 100, plus 1), otherwise
     * one of the newest 10,000 persons. Prices are log-uniform between 1 and 100,000 cents. Event time
     * advances 1 ms per 10 events; disorder as for the keyed workloads.
     */
    public static Events nexmark(int n, long seed) {
        int maxAuctions = n / 50 * 3 + 3;
        Events e = new Events(n, maxAuctions, true, String.format(java.util.Locale.ROOT,
                "%,d Nexmark-like events (person:auction:bid = 1:3:46), 1 ms per 10 events, disorder < 2 s", n));
        SplittableRandom r = new SplittableRandom(seed);
        int persons = 0;
        int auctions = 0;
        for (int i = 0; i < n; i++) {
            int slot = i % 50;
            e.ts[i] = BASE_TIME + i / 10 - r.nextInt((int) DISORDER_MS);
            if (slot == 0) {
                e.kind[i] = PERSON;
                e.key[i] = persons++;
            } else if (slot <= 3) {
                e.kind[i] = AUCTION;
                e.key[i] = auctions++;
                e.key2[i] = Math.max(0, persons - 1); // seller
            } else {
                e.kind[i] = BID;
                int lastAuction = Math.max(0, auctions - 1);
                int auction = r.nextInt(2) == 0
                        ? lastAuction / 100 * 100
                        : Math.max(0, lastAuction - r.nextInt(Math.min(lastAuction + 1, 1_000)));
                int lastPerson = Math.max(0, persons - 1);
                int bidder = r.nextInt(4) != 0
                        ? Math.min(lastPerson, lastPerson / 100 * 100 + 1)
                        : Math.max(0, lastPerson - r.nextInt(Math.min(lastPerson + 1, 10_000)));
                e.key[i] = auction;
                e.key2[i] = bidder;
                e.value[i] = (int) Math.pow(10, r.nextDouble() * 5);
            }
        }
        return e;
    }
}
