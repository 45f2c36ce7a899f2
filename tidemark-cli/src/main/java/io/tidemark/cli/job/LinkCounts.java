package io.tidemark.cli.job;

import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * What one link of a run delivered, counted by the command: the source's counters (the source link),
 * dead letters by reason, late records, results by timing, and the result rows a store keyed by (key,
 * window start, window end) would hold — each window's latest firing, minus the rows a firing
 * {@code replaces}. Not thread-safe: {@link RunStats} guards it.
 *
 * <p>With checkpoints, the counts as of a link's barrier go back to the function in the barrier's answer
 * ({@link #encode}); the function keeps them in its operator state and hands them back when the job
 * restores that checkpoint, and the command counts on from them ({@link #decode}). Frames are FIFO on a
 * link, so the counts at the barrier cover exactly what the function sent before its snapshot.
 *
 * <p>Bound: the rows are kept only while their window may still fire. A window whose cleanup time
 * (end − 1 + allowed lateness) the link's watermark (a result's) has reached is gone from the window
 * operator — a record for it is late, a session cannot merge into it — so its row is folded into two
 * totals ({@link #finalWindows}, {@link #finalCount}). Kept rows: per key, the windows that fired and are
 * not yet cleaned up at the watermark W of the link's latest result — those ending in (W + 1 − allowed
 * lateness, W + 1] — at most {@code allowed-lateness / slide + 1} (tumbling: slide = size; sessions:
 * {@code allowed-lateness / gap + 1}).
 */
final class LinkCounts {

    private static final int VERSION = 1;

    private final long allowedLateness;
    SourceCounts source = SourceCounts.NONE;
    final Map<String, Long> deadLetters = new TreeMap<>();
    long late;
    long onTime;
    long lateFirings;
    long early;
    /** Results of windows open at a stop, written by {@code --drain}: never in a run with checkpoints (not encoded). */
    long drained;
    /** Windows that can no longer fire, and the records in their last rows. */
    long finalWindows;
    long finalCount;
    /** Per key, each window's count at its latest firing (windows that may still fire). */
    private final Map<List<String>, Map<Span, Long>> rows = new HashMap<>();
    /** The kept rows by window end, for folding (an entry whose row is gone is skipped). */
    private final PriorityQueue<Row> byEnd = new PriorityQueue<>((a, b) -> Long.compare(a.span().end(), b.span().end()));

    private record Row(List<String> key, Span span) {}

    /** Counts with {@code allowedLateness} the job's (ms): how long after its end a window may fire again. */
    LinkCounts(long allowedLateness) {
        this.allowedLateness = allowedLateness;
    }

    void deadLetter(String reason) {
        deadLetters.merge(reason, 1L, Long::sum);
    }

    void result(WindowResult r) {
        switch (r.timing()) {
            case "ON_TIME" -> onTime++;
            case "LATE" -> lateFirings++;
            case WindowResult.DRAINED -> drained++;
            default -> early++;
        }
        Map<Span, Long> key = rows.computeIfAbsent(r.key(), k -> new HashMap<>());
        for (Span s : r.replaces()) {
            key.remove(s);
        }
        if (key.put(r.span(), r.count()) == null) {
            byEnd.add(new Row(r.key(), r.span()));
        }
        fold(r.watermark());
    }

    /** Folds the rows of the windows that {@code watermark} has cleaned up. */
    private void fold(long watermark) {
        while (!byEnd.isEmpty() && cleanup(byEnd.peek().span()) <= watermark) {
            Row row = byEnd.poll();
            Map<Span, Long> key = rows.get(row.key());
            Long count = key == null ? null : key.remove(row.span());
            if (count != null) {
                finalWindows++;
                finalCount += count;
                if (key.isEmpty()) {
                    rows.remove(row.key());
                }
            }
        }
    }

    private long cleanup(Span s) {
        long t = s.end() - 1 + allowedLateness;
        return t < s.end() - 1 ? Long.MAX_VALUE : t;
    }

    /** Windows in the rows: those folded and those kept. */
    long windows() {
        long n = finalWindows;
        for (Map<Span, Long> key : rows.values()) {
            n += key.size();
        }
        return n;
    }

    /** Records in the rows: the sum of {@code count} over every row. */
    long inRows() {
        long n = finalCount;
        for (Map<Span, Long> key : rows.values()) {
            for (long c : key.values()) {
                n += c;
            }
        }
        return n;
    }

    /** The counts, as a function keeps them in its checkpoint. */
    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            for (long v : new long[] {source.lines(), source.empty(), source.headers(), source.accepted(), source.bytes(), source.held(),
                    late, onTime, lateFirings, early, finalWindows, finalCount}) {
                out.writeLong(v);
            }
            out.writeInt(deadLetters.size());
            for (Map.Entry<String, Long> e : deadLetters.entrySet()) {
                Frames.string(out, e.getKey());
                out.writeLong(e.getValue());
            }
            out.writeInt(rows.size());
            for (Map.Entry<List<String>, Map<Span, Long>> e : rows.entrySet()) {
                out.writeInt(e.getKey().size());
                for (String k : e.getKey()) {
                    Frames.string(out, k);
                }
                out.writeInt(e.getValue().size());
                for (Map.Entry<Span, Long> w : e.getValue().entrySet()) {
                    out.writeLong(w.getKey().start());
                    out.writeLong(w.getKey().end());
                    out.writeLong(w.getValue());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    /** The counts {@link #encode} wrote. */
    static LinkCounts decode(byte[] b, long allowedLateness) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
        int version = in.readByte();
        if (version != VERSION) {
            throw new IOException("counts of version " + version + " in the checkpoint; this tidemark reads version " + VERSION);
        }
        LinkCounts c = new LinkCounts(allowedLateness);
        c.source = new SourceCounts(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), null);
        c.late = in.readLong();
        c.onTime = in.readLong();
        c.lateFirings = in.readLong();
        c.early = in.readLong();
        c.finalWindows = in.readLong();
        c.finalCount = in.readLong();
        for (int i = in.readInt(); i > 0; i--) {
            c.deadLetters.put(Frames.string(in), in.readLong());
        }
        for (int i = in.readInt(); i > 0; i--) {
            int n = in.readInt();
            List<String> key = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                key.add(Frames.string(in));
            }
            Map<Span, Long> windows = new HashMap<>();
            for (int j = in.readInt(); j > 0; j--) {
                Span s = new Span(in.readLong(), in.readLong());
                windows.put(s, in.readLong());
                c.byEnd.add(new Row(List.copyOf(key), s));
            }
            c.rows.put(List.copyOf(key), windows);
        }
        return c;
    }
}
