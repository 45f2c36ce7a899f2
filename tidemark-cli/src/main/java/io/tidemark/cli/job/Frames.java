package io.tidemark.cli.job;

import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.KafkaOrigin;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of a run's links (see {@link Link}): a type byte, then the fields. Strings go as their
 * UTF-16 code units, so that any Java string (lone surrogates included) arrives exactly as sent.
 */
final class Frames {

    /**
     * Function → command: the token, the function's role and subtask, and — restored from a checkpoint —
     * its committable (else -1) and counts (else none).
     */
    static final byte HELLO = 1;
    /** Function → command: a window result. */
    static final byte RESULT = 2;
    /** Function → command: a late record. */
    static final byte LATE = 3;
    /** Function → command: a dead letter. */
    static final byte DEAD = 4;
    /** Source → command: its counters so far. */
    static final byte COUNTS = 5;
    /** Source → command: the input's CSV header line. */
    static final byte HEADER = 6;
    /** Function → command: nothing more follows (the function closed). */
    static final byte END = 7;
    /** Command → source: stop reading and end the input (drain). */
    static final byte STOP = 8;
    /** Function → command: checkpoint barrier (its id): stage out what came before; an {@link #ACK} answers. */
    static final byte BARRIER = 9;
    /**
     * Command → function: the barrier's id, the link's committable (staged bytes up to the barrier) and
     * its counts ({@link LinkCounts}): an {@link Ack}.
     */
    static final byte ACK = 10;
    /** Function → command: a checkpoint completed (its id): commit up to the committable (an offset). */
    static final byte COMMIT = 11;
    /** Source → command: it resumed from a checkpoint (lines read before, bytes, records held). */
    static final byte RESUMED = 12;

    /** The roles of the functions that link to the command. */
    enum Role {
        SOURCE, RESULTS, LATE, NO_WINDOW;

        /** The link's name in staged outputs: {@code results-0}. */
        String link(int subtask) {
            return name().toLowerCase(java.util.Locale.ROOT) + "-" + subtask;
        }
    }

    private Frames() {}

    /**
     * The command's answer to a barrier, which the function keeps in the checkpoint.
     *
     * @param offset the link's committable: the length of what the command staged for it
     * @param counts what the command counted of the link up to the barrier ({@link LinkCounts#encode}), or null
     */
    record Ack(long offset, byte[] counts) {}

    /** Bytes, length first (-1: null). */
    static void bytes(DataOutputStream out, byte[] b) throws IOException {
        if (b == null) {
            out.writeInt(-1);
            return;
        }
        out.writeInt(b.length);
        out.write(b);
    }

    static byte[] bytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    static void string(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        out.writeInt(s.length());
        out.writeChars(s);
    }

    static String string(DataInputStream in) throws IOException {
        return string(in, Integer.MAX_VALUE);
    }

    /** A string of at most {@code max} characters (a connection that sends a longer one is not a run's function). */
    static String string(DataInputStream in, int max) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        if (n > max) {
            throw new IOException("a string of " + n + " characters where at most " + max + " were expected");
        }
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = in.readChar();
        }
        return new String(c);
    }

    static void result(DataOutputStream out, WindowResult r) throws IOException {
        out.writeByte(RESULT);
        out.writeInt(r.key().size());
        for (String k : r.key()) {
            string(out, k);
        }
        out.writeLong(r.windowStart());
        out.writeLong(r.windowEnd());
        out.writeLong(r.count());
        out.writeInt(r.values().length);
        for (BigDecimal v : r.values()) {
            string(out, v == null ? null : v.toString());
        }
        string(out, r.timing());
        out.writeInt(r.firing());
        out.writeLong(r.watermark());
        out.writeInt(r.replaces().size());
        for (Span s : r.replaces()) {
            out.writeLong(s.start());
            out.writeLong(s.end());
        }
    }

    static WindowResult result(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<String> key = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            key.add(string(in));
        }
        long start = in.readLong();
        long end = in.readLong();
        long count = in.readLong();
        BigDecimal[] values = new BigDecimal[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            String v = string(in);
            values[i] = v == null ? null : new BigDecimal(v);
        }
        String timing = string(in);
        int firing = in.readInt();
        long watermark = in.readLong();
        int r = in.readInt();
        List<Span> replaces = new ArrayList<>(r);
        for (int i = 0; i < r; i++) {
            replaces.add(new Span(in.readLong(), in.readLong()));
        }
        return new WindowResult(key, start, end, count, values, timing, firing, watermark, replaces);
    }

    static void late(DataOutputStream out, LateRecord r) throws IOException {
        out.writeByte(LATE);
        string(out, r.text());
        string(out, r.source());
        out.writeLong(r.line());
        out.writeInt(r.key().size());
        for (String k : r.key()) {
            string(out, k);
        }
        out.writeLong(r.eventTime());
        out.writeLong(r.arrival());
        out.writeLong(r.watermark());
        out.writeInt(r.missed().size());
        for (Span s : r.missed()) {
            out.writeLong(s.start());
            out.writeLong(s.end());
        }
    }

    static LateRecord late(DataInputStream in) throws IOException {
        String text = string(in);
        String source = string(in);
        long line = in.readLong();
        int k = in.readInt();
        List<String> key = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            key.add(string(in));
        }
        long eventTime = in.readLong();
        long arrival = in.readLong();
        long watermark = in.readLong();
        int m = in.readInt();
        List<Span> missed = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            missed.add(new Span(in.readLong(), in.readLong()));
        }
        return new LateRecord(text, source, line, key, eventTime, arrival, watermark, missed);
    }

    static void dead(DataOutputStream out, DeadLetter d) throws IOException {
        out.writeByte(DEAD);
        string(out, d.reason());
        string(out, d.detail());
        string(out, d.source());
        out.writeLong(d.line());
        string(out, d.text());
        string(out, d.bytes());
        out.writeBoolean(d.kafka() != null);
        if (d.kafka() != null) {
            string(out, d.kafka().topic());
            out.writeInt(d.kafka().partition());
            out.writeLong(d.kafka().offset());
        }
    }

    static DeadLetter dead(DataInputStream in) throws IOException {
        String reason = string(in);
        String detail = string(in);
        String source = string(in);
        long line = in.readLong();
        String text = string(in);
        String bytes = string(in);
        KafkaOrigin kafka = in.readBoolean() ? new KafkaOrigin(string(in), in.readInt(), in.readLong()) : null;
        return new DeadLetter(reason, detail, source, line, text, bytes, kafka);
    }

    static void counts(DataOutputStream out, SourceCounts c) throws IOException {
        out.writeByte(COUNTS);
        out.writeLong(c.lines());
        out.writeLong(c.empty());
        out.writeLong(c.headers());
        out.writeLong(c.accepted());
        out.writeLong(c.bytes());
        out.writeLong(c.held());
        string(out, c.endReason());
    }

    static SourceCounts counts(DataInputStream in) throws IOException {
        return new SourceCounts(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                string(in));
    }
}
