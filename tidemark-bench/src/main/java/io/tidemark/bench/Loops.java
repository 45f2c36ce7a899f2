package io.tidemark.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Hand-written single-threaded loops with no framework that compute exactly what the pipelines
 * compute: per-event watermark {@code maxTimestamp - 2 s - 1}, windows fired once the watermark
 * reaches their last millisecond, late firings within the allowed lateness, too-late events to the
 * side. Two kinds: <b>dense</b> (per-window arrays indexed by key number, the practical limit of the
 * machine) and <b>hash</b> (a plain {@code HashMap} from key to accumulator, what one would write
 * without a framework).
 */
public final class Loops {

    private Loops() {}

    static final long BOUND = Events.DISORDER_MS;

    /** Which rows a loop reads, and which column is the key. */
    record Input(Events events, int[] keys, boolean bidsOnly) {
        boolean skip(int i) {
            return bidsOnly && events.kind[i] != Events.BID;
        }
    }

    static long windowStart(long t, long size) {
        return t - Math.floorMod(t, size);
    }

    // ------------------------------------------------------------------ tumbling, dense

    /** One tumbling window's per-key arrays, with the list of keys it touched. */
    private static final class Slot {
        long start = Long.MIN_VALUE;
        boolean fired;
        final long[] count;
        final long[] sum;
        int[] touched = new int[1024];
        int nTouched;

        Slot(int keySpace) {
            count = new long[keySpace];
            sum = new long[keySpace];
        }

        void add(int k, long v) {
            if (count[k] == 0) {
                if (nTouched == touched.length) {
                    touched = java.util.Arrays.copyOf(touched, nTouched * 2);
                }
                touched[nTouched++] = k;
            }
            count[k]++;
            sum[k] += v;
        }

        void emit(long size, Digest out) {
            for (int j = 0; j < nTouched; j++) {
                int k = touched[j];
                out.add(k, start, start + size, count[k], sum[k]);
            }
        }

        void free() {
            for (int j = 0; j < nTouched; j++) {
                int k = touched[j];
                count[k] = 0;
                sum[k] = 0;
            }
            nTouched = 0;
            start = Long.MIN_VALUE;
            fired = false;
        }
    }

    /** Keyed tumbling count + sum with allowed lateness; too-late events go to {@code late} as (key, ts). */
    public static void tumblingDense(Input in, long size, long lateness, Digest out, Digest late) {
        Events e = in.events();
        int[] keys = in.keys();
        int ring = (int) ((BOUND + lateness + 2 * size) / size) + 3;
        Slot[] slots = new Slot[ring];
        for (int s = 0; s < ring; s++) {
            slots[s] = new Slot(e.keySpace);
        }
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        long[] ts = e.ts;
        int[] value = e.value;
        for (int i = 0, n = e.n; i < n; i++) {
            if (in.skip(i)) {
                continue;
            }
            long t = ts[i];
            int k = keys[i];
            long start = windowStart(t, size);
            if (start + size - 1 + lateness <= wm) {
                late.add(k, t, 0, 0, 0);
            } else {
                Slot slot = slots[(int) Math.floorMod(start / size, (long) ring)];
                if (slot.start != start) {
                    if (slot.start != Long.MIN_VALUE) {
                        throw new IllegalStateException("window ring too small");
                    }
                    slot.start = start;
                }
                slot.add(k, value[i]);
                if (slot.fired) {
                    out.add(k, start, start + size, slot.count[k], slot.sum[k]); // late firing
                }
            }
            if (t > maxTs) {
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w > wm) {
                    wm = w;
                    for (Slot s : slots) {
                        if (s.start != Long.MIN_VALUE) {
                            if (!s.fired && s.start + size - 1 <= wm) {
                                s.emit(size, out);
                                s.fired = true;
                            }
                            if (s.start + size - 1 + lateness <= wm) {
                                s.free();
                            }
                        }
                    }
                }
            }
        }
        for (Slot s : slots) {
            if (s.start != Long.MIN_VALUE && !s.fired) {
                s.emit(size, out);
            }
        }
    }

    // ------------------------------------------------------------------ tumbling, hash map

    public static void tumblingHash(Input in, long size, long lateness, Digest out, Digest late) {
        Events e = in.events();
        int[] keys = in.keys();
        Map<Long, Map<Integer, long[]>> windows = new HashMap<>();
        Map<Long, Boolean> fired = new HashMap<>();
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        for (int i = 0, n = e.n; i < n; i++) {
            if (in.skip(i)) {
                continue;
            }
            long t = e.ts[i];
            int k = keys[i];
            long start = windowStart(t, size);
            if (start + size - 1 + lateness <= wm) {
                late.add(k, t, 0, 0, 0);
            } else {
                long[] acc = windows.computeIfAbsent(start, s -> new HashMap<>()).computeIfAbsent(k, x -> new long[2]);
                acc[0]++;
                acc[1] += e.value[i];
                if (fired.containsKey(start)) {
                    out.add(k, start, start + size, acc[0], acc[1]);
                }
            }
            if (t > maxTs) {
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w > wm) {
                    wm = w;
                    for (Iterator<Map.Entry<Long, Map<Integer, long[]>>> it = windows.entrySet().iterator(); it.hasNext(); ) {
                        Map.Entry<Long, Map<Integer, long[]>> w1 = it.next();
                        long s = w1.getKey();
                        if (s + size - 1 <= wm && !fired.containsKey(s)) {
                            fired.put(s, Boolean.TRUE);
                            w1.getValue().forEach((key, acc) -> out.add(key, s, s + size, acc[0], acc[1]));
                        }
                        if (s + size - 1 + lateness <= wm) {
                            it.remove();
                            fired.remove(s);
                        }
                    }
                }
            }
        }
        windows.forEach((s, m) -> {
            if (!fired.containsKey(s)) {
                m.forEach((key, acc) -> out.add(key, s, s + size, acc[0], acc[1]));
            }
        });
    }

    // ------------------------------------------------------------------ sliding, dense (panes)

    /**
     * Keyed sliding count + sum (no lateness, no late data expected): each event is added once to its
     * slide-sized pane; a window's result adds up its {@code size / slide} panes when it fires. With
     * {@code argmax}, only the key with the highest count per window is emitted (Nexmark q5; ties go
     * to the smaller key), as (key, start, end, count, 0).
     */
    public static void slidingDense(Input in, long size, long slide, boolean argmax, Digest out) {
        if (size % slide != 0) {
            throw new IllegalArgumentException("panes need size to be a multiple of slide");
        }
        Events e = in.events();
        int[] keys = in.keys();
        int panesPerWindow = (int) (size / slide);
        int ring = panesPerWindow + (int) (BOUND / slide) + 3;
        Slot[] panes = new Slot[ring];
        for (int s = 0; s < ring; s++) {
            panes[s] = new Slot(e.keySpace);
        }
        long[] wCount = new long[e.keySpace];
        long[] wSum = new long[e.keySpace];
        int[] wKeys = new int[1024];
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        long nextWindowEnd = Long.MIN_VALUE; // end of the next window to fire
        for (int i = 0, n = e.n; i <= n; i++) {
            boolean end = i == n;
            if (!end) {
                if (in.skip(i)) {
                    continue;
                }
                long t = e.ts[i];
                int k = keys[i];
                long pane = windowStart(t, slide);
                if (nextWindowEnd == Long.MIN_VALUE) {
                    nextWindowEnd = pane + slide;
                }
                if (t <= wm) {
                    throw new IllegalStateException("late data is not expected in this workload");
                }
                if (pane + slide < nextWindowEnd) {
                    nextWindowEnd = pane + slide; // an earlier window than any seen so far (only before it could fire)
                }
                Slot p = panes[(int) Math.floorMod(pane / slide, (long) ring)];
                if (p.start != pane) {
                    if (p.start != Long.MIN_VALUE) {
                        throw new IllegalStateException("pane ring too small");
                    }
                    p.start = pane;
                }
                p.add(k, e.value[i]);
                if (t <= maxTs) {
                    continue;
                }
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w <= wm) {
                    continue;
                }
                wm = w;
            } else {
                wm = Long.MAX_VALUE;
            }
            // fire every window whose last millisecond the watermark reached, oldest first
            while (nextWindowEnd != Long.MIN_VALUE && nextWindowEnd - 1 <= wm) {
                long wEnd = nextWindowEnd;
                long wStart = wEnd - size;
                int nk = 0;
                boolean any = false;
                for (int j = 0; j < panesPerWindow; j++) {
                    long ps = wStart + j * slide;
                    Slot p = panes[(int) Math.floorMod(ps / slide, (long) ring)];
                    if (p.start != ps) {
                        continue;
                    }
                    any = true;
                    for (int x = 0; x < p.nTouched; x++) {
                        int k = p.touched[x];
                        if (wCount[k] == 0) {
                            if (nk == wKeys.length) {
                                wKeys = java.util.Arrays.copyOf(wKeys, nk * 2);
                            }
                            wKeys[nk++] = k;
                        }
                        wCount[k] += p.count[k];
                        wSum[k] += p.sum[k];
                    }
                }
                long bestCount = -1;
                int bestKey = -1;
                for (int x = 0; x < nk; x++) {
                    int k = wKeys[x];
                    if (argmax) {
                        if (wCount[k] > bestCount || (wCount[k] == bestCount && k < bestKey)) {
                            bestCount = wCount[k];
                            bestKey = k;
                        }
                    } else {
                        out.add(k, wStart, wEnd, wCount[k], wSum[k]);
                    }
                    wCount[k] = 0;
                    wSum[k] = 0;
                }
                if (argmax && bestKey >= 0) {
                    out.add(bestKey, wStart, wEnd, bestCount, 0);
                }
                // the oldest pane of this window is in no later window
                Slot oldest = panes[(int) Math.floorMod(wStart / slide, (long) ring)];
                if (oldest.start == wStart) {
                    oldest.free();
                }
                nextWindowEnd += slide;
                if (!any && end) {
                    // past the last pane: stop once no pane is left
                    boolean left = false;
                    for (Slot p : panes) {
                        left |= p.start != Long.MIN_VALUE;
                    }
                    if (!left) {
                        break;
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ sliding, hash map (per window)

    public static void slidingHash(Input in, long size, long slide, boolean argmax, Digest out) {
        Events e = in.events();
        int[] keys = in.keys();
        java.util.TreeMap<Long, Map<Integer, long[]>> windows = new java.util.TreeMap<>();
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        for (int i = 0, n = e.n; i <= n; i++) {
            if (i < n) {
                if (in.skip(i)) {
                    continue;
                }
                long t = e.ts[i];
                int k = keys[i];
                long last = windowStart(t, slide);
                for (long s = last; s > t - size; s -= slide) {
                    long[] acc = windows.computeIfAbsent(s, x -> new HashMap<>()).computeIfAbsent(k, x -> new long[2]);
                    acc[0]++;
                    acc[1] += e.value[i];
                }
                if (t <= maxTs) {
                    continue;
                }
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w <= wm) {
                    continue;
                }
                wm = w;
            } else {
                wm = Long.MAX_VALUE;
            }
            while (!windows.isEmpty() && windows.firstKey() + size - 1 <= wm) {
                Map.Entry<Long, Map<Integer, long[]>> first = windows.pollFirstEntry();
                long s = first.getKey();
                emitWindow(first.getValue(), s, s + size, argmax, out);
            }
        }
    }

    private static void emitWindow(Map<Integer, long[]> m, long start, long end, boolean argmax, Digest out) {
        if (!argmax) {
            m.forEach((k, acc) -> out.add(k, start, end, acc[0], acc[1]));
            return;
        }
        long bestCount = -1;
        int bestKey = -1;
        for (Map.Entry<Integer, long[]> x : m.entrySet()) {
            long c = x.getValue()[0];
            int k = x.getKey();
            if (c > bestCount || (c == bestCount && k < bestKey)) {
                bestCount = c;
                bestKey = k;
            }
        }
        if (bestKey >= 0) {
            out.add(bestKey, start, end, bestCount, 0);
        }
    }

    // ------------------------------------------------------------------ sessions

    /**
     * Keyed session windows (count + sum), merged as the frameworks merge them: windows
     * {@code [t, t + gap)} that overlap or touch become one. A session is emitted once the watermark
     * reaches its last millisecond (no late data is expected). Dense: each key's open sessions in a
     * small array indexed by key number; a sweep every {@code gap} of watermark emits closed sessions.
     */
    public static void sessionsDense(Input in, long gap, Digest out) {
        Events e = in.events();
        int[] keys = in.keys();
        long[][] open = new long[e.keySpace][]; // per key: start, end, count, sum; repeated
        int[] nOpen = new int[e.keySpace];
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        long nextSweep = Long.MIN_VALUE;
        for (int i = 0, n = e.n; i < n; i++) {
            if (in.skip(i)) {
                continue;
            }
            long t = e.ts[i];
            int k = keys[i];
            long[] s = open[k];
            if (s == null) {
                s = open[k] = new long[8];
            }
            int m = nOpen[k];
            long start = t;
            long end = t + gap;
            long count = 1;
            long sum = e.value[i];
            // absorb every open session that overlaps or touches [start, end)
            for (int j = 0; j < m; ) {
                int o = j * 4;
                if (s[o] <= end && s[o + 1] >= start) {
                    if (s[o + 1] - 1 <= wm) {
                        throw new IllegalStateException("late data is not expected in this workload");
                    }
                    start = Math.min(start, s[o]);
                    end = Math.max(end, s[o + 1]);
                    count += s[o + 2];
                    sum += s[o + 3];
                    m--;
                    System.arraycopy(s, m * 4, s, o, 4);
                } else {
                    j++;
                }
            }
            if (m * 4 == s.length) {
                s = open[k] = java.util.Arrays.copyOf(s, s.length * 2);
            }
            int o = m * 4;
            s[o] = start;
            s[o + 1] = end;
            s[o + 2] = count;
            s[o + 3] = sum;
            nOpen[k] = m + 1;
            if (t > maxTs) {
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w > wm) {
                    wm = w;
                    if (nextSweep == Long.MIN_VALUE) {
                        nextSweep = wm + gap;
                    } else if (wm >= nextSweep) {
                        nextSweep = wm + gap;
                        for (int key = 0; key < open.length; key++) {
                            if (nOpen[key] > 0) {
                                nOpen[key] = emitClosed(key, open[key], nOpen[key], wm, out);
                            }
                        }
                    }
                }
            }
        }
        for (int key = 0; key < open.length; key++) {
            if (nOpen[key] > 0) {
                emitClosed(key, open[key], nOpen[key], Long.MAX_VALUE, out);
            }
        }
    }

    private static int emitClosed(int key, long[] s, int m, long wm, Digest out) {
        for (int j = 0; j < m; ) {
            int o = j * 4;
            if (s[o + 1] - 1 <= wm) {
                out.add(key, s[o], s[o + 1], s[o + 2], s[o + 3]);
                m--;
                System.arraycopy(s, m * 4, s, o, 4);
            } else {
                j++;
            }
        }
        return m;
    }

    /** Session windows with a plain hash map from key to its list of open sessions. */
    public static void sessionsHash(Input in, long gap, Digest out) {
        Events e = in.events();
        int[] keys = in.keys();
        Map<Integer, List<long[]>> open = new HashMap<>();
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        long nextSweep = Long.MIN_VALUE;
        for (int i = 0, n = e.n; i < n; i++) {
            if (in.skip(i)) {
                continue;
            }
            long t = e.ts[i];
            int k = keys[i];
            List<long[]> sessions = open.computeIfAbsent(k, x -> new ArrayList<>(2));
            long[] merged = {t, t + gap, 1, e.value[i]};
            for (Iterator<long[]> it = sessions.iterator(); it.hasNext(); ) {
                long[] s = it.next();
                if (s[0] <= merged[1] && s[1] >= merged[0]) {
                    merged[0] = Math.min(merged[0], s[0]);
                    merged[1] = Math.max(merged[1], s[1]);
                    merged[2] += s[2];
                    merged[3] += s[3];
                    it.remove();
                }
            }
            sessions.add(merged);
            if (t > maxTs) {
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w > wm) {
                    wm = w;
                    if (nextSweep == Long.MIN_VALUE) {
                        nextSweep = wm + gap;
                    } else if (wm >= nextSweep) {
                        nextSweep = wm + gap;
                        long mark = wm;
                        for (Iterator<Map.Entry<Integer, List<long[]>>> it = open.entrySet().iterator(); it.hasNext(); ) {
                            Map.Entry<Integer, List<long[]>> x = it.next();
                            x.getValue().removeIf(s -> {
                                if (s[1] - 1 <= mark) {
                                    out.add(x.getKey(), s[0], s[1], s[2], s[3]);
                                    return true;
                                }
                                return false;
                            });
                            if (x.getValue().isEmpty()) {
                                it.remove();
                            }
                        }
                    }
                }
            }
        }
        open.forEach((key, list) -> list.forEach(s -> out.add(key, s[0], s[1], s[2], s[3])));
    }

    // ------------------------------------------------------------------ Nexmark q7: highest bid per window

    /** Whether bid (price p, auction a, bidder b) beats (bp, ba, bb): higher price, then smaller auction, then smaller bidder. */
    static boolean beats(long p, long a, long b, long bp, long ba, long bb) {
        return p > bp || (p == bp && (a < ba || (a == ba && b < bb)));
    }

    /** Highest bid per tumbling window, emitted as (auction, start, end, bidder, price); dense ring of per-window bests. */
    public static void maxBidDense(Events e, long size, Digest out) {
        int ring = (int) ((BOUND + 2 * size) / size) + 3;
        long[] start = new long[ring];
        long[] price = new long[ring];
        long[] auction = new long[ring];
        long[] bidder = new long[ring];
        java.util.Arrays.fill(start, Long.MIN_VALUE);
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        for (int i = 0, n = e.n; i < n; i++) {
            if (e.kind[i] != Events.BID) {
                continue;
            }
            long t = e.ts[i];
            long s = windowStart(t, size);
            int slot = (int) Math.floorMod(s / size, (long) ring);
            if (start[slot] != s) {
                if (start[slot] != Long.MIN_VALUE) {
                    throw new IllegalStateException("window ring too small");
                }
                start[slot] = s;
                price[slot] = e.value[i];
                auction[slot] = e.key[i];
                bidder[slot] = e.key2[i];
            } else if (beats(e.value[i], e.key[i], e.key2[i], price[slot], auction[slot], bidder[slot])) {
                price[slot] = e.value[i];
                auction[slot] = e.key[i];
                bidder[slot] = e.key2[i];
            }
            if (t > maxTs) {
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w > wm) {
                    wm = w;
                    for (int x = 0; x < ring; x++) {
                        if (start[x] != Long.MIN_VALUE && start[x] + size - 1 <= wm) {
                            out.add(auction[x], start[x], start[x] + size, bidder[x], price[x]);
                            start[x] = Long.MIN_VALUE;
                        }
                    }
                }
            }
        }
        for (int x = 0; x < ring; x++) {
            if (start[x] != Long.MIN_VALUE) {
                out.add(auction[x], start[x], start[x] + size, bidder[x], price[x]);
            }
        }
    }

    /** Highest bid per tumbling window with a hash map from window start to the best bid so far. */
    public static void maxBidHash(Events e, long size, Digest out) {
        Map<Long, long[]> best = new HashMap<>();
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        for (int i = 0, n = e.n; i < n; i++) {
            if (e.kind[i] != Events.BID) {
                continue;
            }
            long t = e.ts[i];
            long s = windowStart(t, size);
            long[] b = best.get(s);
            if (b == null) {
                best.put(s, new long[] {e.value[i], e.key[i], e.key2[i]});
            } else if (beats(e.value[i], e.key[i], e.key2[i], b[0], b[1], b[2])) {
                b[0] = e.value[i];
                b[1] = e.key[i];
                b[2] = e.key2[i];
            }
            if (t > maxTs) {
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w > wm) {
                    wm = w;
                    long mark = wm;
                    best.entrySet().removeIf(x -> {
                        if (x.getKey() + size - 1 <= mark) {
                            long[] v = x.getValue();
                            out.add(v[1], x.getKey(), x.getKey() + size, v[2], v[0]);
                            return true;
                        }
                        return false;
                    });
                }
            }
        }
        best.forEach((s, v) -> out.add(v[1], s, s + size, v[2], v[0]));
    }

    // ------------------------------------------------------------------ Nexmark q8: new sellers per window

    /**
     * Persons joined with the auctions they opened in the same tumbling window (a window join on
     * person id = seller), emitted as (person, start, end, auction, 0) when the watermark passes the
     * window; dense ring of per-window arrays, persons sorted once per window and searched per auction.
     */
    public static void newSellersDense(Events e, long size, Digest out) {
        int ring = (int) ((BOUND + 2 * size) / size) + 3;
        long[] start = new long[ring];
        java.util.Arrays.fill(start, Long.MIN_VALUE);
        LongList[] persons = new LongList[ring];
        LongList[] auctions = new LongList[ring];
        LongList[] sellers = new LongList[ring];
        for (int x = 0; x < ring; x++) {
            persons[x] = new LongList();
            auctions[x] = new LongList();
            sellers[x] = new LongList();
        }
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        for (int i = 0, n = e.n; i < n; i++) {
            byte kind = e.kind[i];
            if (kind != Events.PERSON && kind != Events.AUCTION) {
                continue;
            }
            long t = e.ts[i];
            long s = windowStart(t, size);
            int slot = (int) Math.floorMod(s / size, (long) ring);
            if (start[slot] != s) {
                if (start[slot] != Long.MIN_VALUE) {
                    throw new IllegalStateException("window ring too small");
                }
                start[slot] = s;
            }
            if (kind == Events.PERSON) {
                persons[slot].add(e.key[i]);
            } else {
                auctions[slot].add(e.key[i]);
                sellers[slot].add(e.key2[i]);
            }
            if (t > maxTs) {
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w > wm) {
                    wm = w;
                    for (int x = 0; x < ring; x++) {
                        if (start[x] != Long.MIN_VALUE && start[x] + size - 1 <= wm) {
                            joinWindow(start[x], size, persons[x], auctions[x], sellers[x], out);
                            start[x] = Long.MIN_VALUE;
                        }
                    }
                }
            }
        }
        for (int x = 0; x < ring; x++) {
            if (start[x] != Long.MIN_VALUE) {
                joinWindow(start[x], size, persons[x], auctions[x], sellers[x], out);
            }
        }
    }

    private static void joinWindow(long start, long size, LongList persons, LongList auctions, LongList sellers, Digest out) {
        long[] ids = java.util.Arrays.copyOf(persons.values, persons.size);
        java.util.Arrays.sort(ids);
        for (int a = 0; a < auctions.size; a++) {
            long seller = sellers.values[a];
            int at = java.util.Arrays.binarySearch(ids, seller);
            if (at >= 0) {
                // persons are unique, but count every equal id, as a join would
                for (int p = at; p >= 0 && ids[p] == seller; p--) {
                    out.add(seller, start, start + size, auctions.values[a], 0);
                }
                for (int p = at + 1; p < ids.length && ids[p] == seller; p++) {
                    out.add(seller, start, start + size, auctions.values[a], 0);
                }
            }
        }
        persons.size = 0;
        auctions.size = 0;
        sellers.size = 0;
    }

    /** Persons joined with their auctions per tumbling window, with hash maps from window start to each side. */
    public static void newSellersHash(Events e, long size, Digest out) {
        Map<Long, Map<Long, Integer>> persons = new HashMap<>();
        Map<Long, java.util.List<long[]>> auctions = new HashMap<>();
        long maxTs = Long.MIN_VALUE;
        long wm = Long.MIN_VALUE;
        for (int i = 0, n = e.n; i < n; i++) {
            byte kind = e.kind[i];
            if (kind != Events.PERSON && kind != Events.AUCTION) {
                continue;
            }
            long t = e.ts[i];
            long s = windowStart(t, size);
            if (kind == Events.PERSON) {
                persons.computeIfAbsent(s, k -> new HashMap<>()).merge((long) e.key[i], 1, Integer::sum);
            } else {
                auctions.computeIfAbsent(s, k -> new java.util.ArrayList<>()).add(new long[] {e.key[i], e.key2[i]});
            }
            if (t > maxTs) {
                maxTs = t;
                long w = maxTs - BOUND - 1;
                if (w > wm) {
                    wm = w;
                    long mark = wm;
                    auctions.keySet().removeIf(st -> {
                        if (st + size - 1 <= mark) {
                            emitJoined(st, size, persons.remove(st), auctions.get(st), out);
                            return true;
                        }
                        return false;
                    });
                    persons.keySet().removeIf(st -> st + size - 1 <= mark);
                }
            }
        }
        auctions.forEach((st, list) -> emitJoined(st, size, persons.get(st), list, out));
    }

    private static void emitJoined(long start, long size, Map<Long, Integer> persons, java.util.List<long[]> auctions, Digest out) {
        if (persons == null) {
            return;
        }
        for (long[] a : auctions) {
            Integer times = persons.get(a[1]);
            for (int k = 0; times != null && k < times; k++) {
                out.add(a[1], start, start + size, a[0], 0);
            }
        }
    }

    /** A growable array of longs. */
    private static final class LongList {
        long[] values = new long[16];
        int size;

        void add(long v) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }
    }
}
